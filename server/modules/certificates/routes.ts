import { Hono } from 'hono';
import {
  CERTIFICATE_CODE,
  type CertificateCheck,
  certificatePage,
  certificateMessages as m,
  normalizeCertificateCode,
  certificatePaths as paths,
} from '../../../contract/certificates.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { roleAllows } from '../../auth/require-permission.ts';
import { certificateByCode, certificateFor, isExpired } from '../../db/certificates.ts';
import type { Database } from '../../db/client.ts';
import { isoTime } from '../../db/rows.ts';
import { allow, publicAccess, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv, AuthState } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { administersTeams, leadsTeamOfMember } from '../../http/team-access.ts';
import { certificatePdf } from './pdf.ts';

/**
 * A learner's certificates are theirs, their leads' (a team they lead has the learner) and an
 * administrator's whose role may view users, or manage teams (whose Transcripts they read). Anyone
 * else is answered as if there were none (404), so the route tells no one which users exist.
 */
async function mayRead(db: Database, auth: AuthState, userId: string): Promise<boolean> {
  if (auth.userId === userId) return true;
  if (await leadsTeamOfMember(db, auth.userId, userId)) return true;
  if (auth.administrativeRoleId === null) return false;
  return (
    (await roleAllows(db, auth.administrativeRoleId, 'user-management', 'users', 'view')) ||
    (await administersTeams(db, auth, 'view'))
  );
}

/** A name a saved file may carry on any system. */
const fileName = (courseName: string) =>
  `Certificate - ${courseName
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()}.pdf`.slice(0, 150);

/** Certificates of completion: the PDF for those who may read it, and the public check of a code. */
export function certificateRoutes({ db, config, clock }: AppDeps) {
  return new Hono<AppEnv>()
    .get(paths.download(`:userId${UUID_PARAM}`, `:courseId${UUID_PARAM}`), allow(db, signedIn), async (c) => {
      const userId = pathId(c.req.param('userId'));
      if (!(await mayRead(db, c.get('auth'), userId))) throw new ApiError(404, messages.notFound);
      const certificate = await certificateFor(db, userId, pathId(c.req.param('courseId')), clock());
      const pdf = await certificatePdf({
        ...certificate,
        checkUrl: `${config.appUrl}${certificatePage(certificate.code)}`,
      });
      const name = fileName(certificate.courseName);
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="certificate.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
        'X-Content-Type-Options': 'nosniff',
      });
    })
    .get(paths.verify(':code'), allow(db, publicAccess), async (c) => {
      // One index lookup and no write: codes carry 80 random bits, so counting guesses would cost
      // more than answering them (docs/decisions/021-certificates.md).
      const code = normalizeCertificateCode(c.req.param('code') ?? '');
      const certificate = CERTIFICATE_CODE.test(code) ? await certificateByCode(db, code) : undefined;
      if (!certificate) throw new ApiError(404, m.unknownCode);
      return c.json({
        message: m.verified,
        results: {
          code: certificate.code,
          learnerName: certificate.learnerName,
          courseName: certificate.courseName,
          completedAt: isoTime(certificate.completedAt),
          expiresAt: certificate.expiresAt ? isoTime(certificate.expiresAt) : null,
          status: isExpired(certificate, clock()) ? 'expired' : 'valid',
        },
      } satisfies ApiSuccess<CertificateCheck>);
    });
}
