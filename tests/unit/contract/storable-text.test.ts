import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages.ts';
import { isStorableText, noNul } from '../../../contract/validation.ts';

describe('text the database can store', () => {
  it('refuses a NUL and either half of a UTF-16 pair standing alone', () => {
    for (const text of ['a\u0000b', 'a\ud800b', 'a\udc00b', '\ud83c', 'end\udbff', '\udf19\ud83c']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
      expect(v.safeParse(v.pipe(v.string(), noNul), text).issues?.[0]?.message).toBe(
        messages.invalidCharacters,
      );
    }
  });

  it('takes any Unicode text, pairs outside the basic plane included', () => {
    for (const text of ['', 'Fire exit', 'Ünïcödé', 'Night \ud83c\udf19', 'tab\tand\nline', '\u2028']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
      expect(v.is(v.pipe(v.string(), noNul), text)).toBe(true);
    }
  });
});
