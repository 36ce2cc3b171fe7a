import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  forgotPasswordSchema,
  loginSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
} from '../../../contract/auth.ts';
import { toFieldErrors } from '../../../contract/validation.ts';

function errorsOf(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? {} : toFieldErrors(result.issues);
}

describe('login schema', () => {
  it('names each missing field with the spec message', () => {
    expect(errorsOf(loginSchema, {})).toEqual({
      email: 'Email field is required.',
      password: 'Password field is required.',
    });
    expect(errorsOf(loginSchema, { email: '   ', password: '' })).toEqual({
      email: 'Email field is required.',
      password: 'Password field is required.',
    });
  });

  it('refuses an email that is not one and trims a valid one', () => {
    expect(errorsOf(loginSchema, { email: 'admin', password: 'x' })).toEqual({
      email: 'Email must be a valid email address.',
    });
    expect(v.parse(loginSchema, { email: ' admin@example.com ', password: 'x' }).email).toBe(
      'admin@example.com',
    );
  });
});

describe('forgot password schema', () => {
  it('requires a valid email', () => {
    expect(errorsOf(forgotPasswordSchema, {})).toEqual({ email: 'Email field is required.' });
    expect(errorsOf(forgotPasswordSchema, { email: 'nope' })).toEqual({
      email: 'Email must be a valid email address.',
    });
    expect(errorsOf(forgotPasswordSchema, { email: 'lead@example.com' })).toEqual({});
  });
});

describe('reset password schemas', () => {
  it('give the spec messages for missing and short passwords', () => {
    expect(errorsOf(resetPasswordFormSchema, { newPassword: '', confirmPassword: '' })).toEqual({
      newPassword: 'New password field is required.',
      confirmPassword: 'Confirm password field is required.',
    });
    expect(errorsOf(resetPasswordFormSchema, { newPassword: 'abcde', confirmPassword: 'abcde' })).toEqual({
      newPassword: 'New password length must be at least 6 characters long.',
    });
  });

  it('reports a mismatch on confirmPassword', () => {
    expect(errorsOf(resetPasswordFormSchema, { newPassword: 'abcdef', confirmPassword: 'abcdeg' })).toEqual({
      confirmPassword: 'Password does not match.',
    });
    expect(errorsOf(resetPasswordFormSchema, { newPassword: 'abcdef', confirmPassword: 'abcdef' })).toEqual(
      {},
    );
  });

  it('needs the token on the server side only', () => {
    expect(errorsOf(resetPasswordSchema, { newPassword: 'abcdef', confirmPassword: 'abcdef' })).toEqual({
      token: 'Reset token is required.',
    });
    expect(
      errorsOf(resetPasswordSchema, { newPassword: 'abcdef', confirmPassword: 'abcdef', token: 'abc' }),
    ).toEqual({});
  });
});
