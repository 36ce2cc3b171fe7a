import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

export type CertificateContent = {
  learnerName: string;
  courseName: string;
  completedAt: Date;
  expiresAt: Date | null;
  code: string;
  /** The public page that checks the code. */
  checkUrl: string;
};

/** A date as the certificate prints it, in UTC so every reader of one certificate sees the same day. */
export function certificateDate(time: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(time);
}

/**
 * The standard fonts hold only the Windows-1252 characters; a name with others (Greek, Cyrillic…)
 * would not print. Accents are dropped where that leaves a letter the font holds, anything else
 * becomes '?', so the certificate is always made.
 */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text]
    .map((char) => {
      if (supported.has(char.codePointAt(0) ?? 0)) return char;
      const plain = char.normalize('NFD').replace(/\p{M}/gu, '');
      return plain.length > 0 && [...plain].every((c) => supported.has(c.codePointAt(0) ?? 0)) ? plain : '?';
    })
    .join('');
}

/** The lines of text, largest first, shrunk to the page's width when long. */
function fitted(font: PDFFont, text: string, size: number, width: number) {
  let fit = size;
  while (fit > 8 && font.widthOfTextAtSize(text, fit) > width) fit -= 1;
  return fit;
}

/** The certificate as a one-page A4 landscape PDF. */
export async function certificatePdf(content: CertificateContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([841.89, 595.28]);
  const { width, height } = page.getSize();
  const margin = 48;
  const ink = rgb(0.13, 0.15, 0.2);
  const muted = rgb(0.35, 0.38, 0.45);
  const accent = rgb(0.1, 0.35, 0.75);

  page.drawRectangle({
    x: margin / 2,
    y: margin / 2,
    width: width - margin,
    height: height - margin,
    borderColor: accent,
    borderWidth: 3,
  });

  let y = height - 130;
  const line = (raw: string, font: PDFFont, size: number, color = ink, gap = 16) => {
    const text = printable(font, raw);
    const fit = fitted(font, text, size, width - 4 * margin);
    page.drawText(text, { x: (width - font.widthOfTextAtSize(text, fit)) / 2, y, size: fit, font, color });
    y -= fit + gap;
  };

  line('Certificate of Completion', bold, 34, accent, 40);
  line('This certifies that', regular, 14, muted, 18);
  line(content.learnerName, bold, 28, ink, 26);
  line('has completed the course', regular, 14, muted, 18);
  line(content.courseName, bold, 22, ink, 36);
  line(`Completed on ${certificateDate(content.completedAt)}`, regular, 14);
  line(
    content.expiresAt ? `Expires on ${certificateDate(content.expiresAt)}` : 'Does not expire',
    regular,
    14,
    ink,
    40,
  );
  line(`Verification code: ${content.code}`, bold, 12, ink, 8);
  line(`Check it at ${content.checkUrl}`, regular, 11, muted);

  pdf.setTitle(`Certificate of Completion: ${printable(regular, content.courseName)}`);
  pdf.setSubject(`Verification code ${content.code}`);
  pdf.setCreator('Training Admin');
  pdf.setProducer('Training Admin');
  return pdf.save();
}
