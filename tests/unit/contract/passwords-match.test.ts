import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { passwordsMatch, toFieldErrors } from '../../../contract/validation.ts';

const texts = { mismatch: 'Password does not match.', confirmRequired: 'Confirm password is required.' };
const pair = v.object({ password: v.optional(v.string(), ''), confirmPassword: v.optional(v.string(), '') });
const strict = v.pipe(pair, passwordsMatch(texts));
const lenient = v.pipe(pair, passwordsMatch({ mismatch: texts.mismatch }));

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : toFieldErrors(result.issues);
};

describe('passwordsMatch', () => {
  it('accepts two empty or two equal passwords', () => {
    for (const schema of [strict, lenient]) {
      expect(errorsOf(schema, {})).toEqual({});
      expect(errorsOf(schema, { password: 'secret12', confirmPassword: 'secret12' })).toEqual({});
    }
  });

  it('puts a mismatch under Confirm Password', () => {
    for (const schema of [strict, lenient]) {
      expect(errorsOf(schema, { password: 'secret12', confirmPassword: 'secret13' })).toEqual({
        confirmPassword: texts.mismatch,
      });
      expect(errorsOf(schema, { confirmPassword: 'secret12' })).toEqual({ confirmPassword: texts.mismatch });
    }
  });

  it('asks for the confirmation when a password is typed alone, if given that message', () => {
    expect(errorsOf(strict, { password: 'secret12' })).toEqual({ confirmPassword: texts.confirmRequired });
    expect(errorsOf(lenient, { password: 'secret12' })).toEqual({ confirmPassword: texts.mismatch });
  });
});
