/**
 * Certificates of completion (docs/decisions/021-certificates.md). A course may give one; each
 * completion of such a course has one certificate, made the first time it is asked for, with a
 * random verification code anyone can check at the public page `/certificate/<code>`.
 */
export const certificatePaths = {
  /**
   * GET: the PDF of the user's latest completion of the course. For the learner their own, for a
   * lead of one of the learner's teams, and for an administrator whose role may view users or
   * manage teams; anyone else gets 404, as for a user who does not exist. 404 too when the course
   * gives no certificate or the user never completed it.
   */
  download: (userId: string, courseId: string) => `/certificate/user/${userId}/course/${courseId}`,
  /** GET, public: what the certificate with this code shows (CertificateCheck); 404 for no such code. */
  verify: (code: string) => `/certificate/verify/${code}`,
} as const;

/** The public page that checks a certificate: the address printed on it. */
export const certificatePage = (code: string) => `/certificate/${code}`;

/** Four groups of four letters and digits (Crockford's base 32: no I, L, O or U): 80 random bits. */
export const CERTIFICATE_CODE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

/** A code as a reader may type it: case and surrounding spaces do not matter. */
export const normalizeCertificateCode = (code: string) => code.trim().toUpperCase();

/** GET /certificate/verify/{code}: only what the certificate itself shows, and whether it still holds. */
export type CertificateCheck = {
  code: string;
  learnerName: string;
  courseName: string;
  completedAt: string;
  /** Null: the completion does not expire. */
  expiresAt: string | null;
  /** `expired` once its expiry has passed. */
  status: 'valid' | 'expired';
};

export const certificateMessages = {
  verified: 'Certificate checked.',
  unknownCode: 'No certificate has this verification code.',
  noCertificate: 'This course gives no certificate of completion.',
  notCompleted: 'This course has not been completed, so there is no certificate yet.',
} as const;

/** What the form's switch and the player's button say. */
export const CERTIFICATE_LABELS = {
  option: 'Gives a certificate of completion',
  download: 'Download certificate',
} as const;
