import { describe, expect, it } from 'vitest';
import { newCertificateCode } from '../../../../server/db/certificates.ts';
import { certificateDate, certificatePdf } from '../../../../server/modules/certificates/pdf.ts';
import { pdfText } from '../../../api/pdf-text.ts';

const content = {
  learnerName: 'Zoë Müller',
  courseName: 'Forklift Safety',
  completedAt: new Date('2026-03-10T23:30:00.000Z'),
  expiresAt: new Date('2027-03-10T23:30:00.000Z'),
  code: 'ABCD-EFGH-JKMN-PQRS',
  checkUrl: 'https://training.example.com/certificate/ABCD-EFGH-JKMN-PQRS',
};

describe('the certificate PDF', () => {
  it('holds the name, the course, the dates in UTC, the code and where to check it', async () => {
    const text = await pdfText(await certificatePdf(content));
    for (const line of [
      'Certificate of Completion',
      'Zoë Müller',
      'Forklift Safety',
      'Completed on 10 March 2026',
      'Expires on 10 March 2027',
      'Verification code: ABCD-EFGH-JKMN-PQRS',
      'Check it at https://training.example.com/certificate/ABCD-EFGH-JKMN-PQRS',
    ])
      expect(text).toContain(line);
  });

  it('says when a completion does not expire, and prints a name in another script as far as the font can', async () => {
    const text = await pdfText(
      await certificatePdf({ ...content, learnerName: 'Ωmega Łukasz Ōta', expiresAt: null }),
    );
    expect(text).toContain('Does not expire');
    expect(text).not.toContain('Expires on');
    expect(text).toContain('?mega ?ukasz Ota');
  });

  it('prints a date as the day it was in UTC', () => {
    expect(certificateDate(new Date('2026-12-31T23:59:59.000Z'))).toBe('31 December 2026');
  });
});

describe('a verification code', () => {
  it('is four groups of four letters and digits, none of I, L, O or U, and not repeated', () => {
    const codes = Array.from({ length: 200 }, newCertificateCode);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
