import { describe, expect, it } from 'vitest';
import { contentAddress, uploadCacheName } from '../../../sw/elearning-cache-keys.ts';

const PACKAGE = '566e9c5c-9ce6-4d6f-afc2-798e3ab2dda9';
const UPLOAD = 'bcf4da80-a0a8-4afc-af53-3093fedd278f';
const signed = (expires: number, signature: string, rest: string) =>
  new URL(`http://127.0.0.1:4440/elearning/${PACKAGE}/${UPLOAD}/${expires}/${signature}/${rest}`);

describe("the content origin's cache keys", () => {
  it('key a package address by its upload and file, whichever link signed it', () => {
    const first = contentAddress(signed(1795827696, 'a'.repeat(64), 'files/my%20page.html?x=1'));
    const later = contentAddress(signed(1795999999, 'b'.repeat(64), 'files/my%20page.html'));
    expect(first).toEqual({
      upload: `/elearning/${PACKAGE}/${UPLOAD}/`,
      rest: 'files/my%20page.html',
      key: `http://127.0.0.1:4440/elearning/${PACKAGE}/${UPLOAD}/files/my%20page.html`,
    });
    expect(later?.key).toBe(first?.key);
    expect(contentAddress(signed(1, 'c'.repeat(64), ''))?.rest).toBe('');
    expect(uploadCacheName(first?.upload ?? '')).toBe(`elearning-upload:/elearning/${PACKAGE}/${UPLOAD}/`);
  });

  it('leave every other address alone', () => {
    for (const url of [
      'http://127.0.0.1:4440/elearning-runtime/launcher.js',
      `http://127.0.0.1:4440/elearning/${PACKAGE}/${UPLOAD}/files/index.html`,
      `http://127.0.0.1:4440/elearning/${PACKAGE}/${UPLOAD}/123/not-a-signature/files/index.html`,
      'http://127.0.0.1:4440/',
    ])
      expect(contentAddress(new URL(url)), url).toBeUndefined();
  });
});
