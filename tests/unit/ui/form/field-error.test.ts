import { describe, expect, it } from 'vitest';
import { firstErrorMessage } from '@/ui/form/field-error';

describe('firstErrorMessage', () => {
  it('reads the message of a schema issue', () => {
    expect(firstErrorMessage([{ message: 'New password field is required.', path: ['newPassword'] }])).toBe(
      'New password field is required.',
    );
  });

  it('reads a server message given as a string', () => {
    expect(firstErrorMessage([undefined, 'Email field is required.'])).toBe('Email field is required.');
  });

  it('shows the first of several messages', () => {
    expect(firstErrorMessage([{ message: 'Password does not match.' }, 'Other.'])).toBe(
      'Password does not match.',
    );
  });

  it('shows nothing when there is no message', () => {
    expect(firstErrorMessage([])).toBeUndefined();
    expect(firstErrorMessage([null, '', { message: 42 }])).toBeUndefined();
  });
});
