import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { personEntries, toFieldErrors } from '../../../contract/validation.ts';

const texts = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Email must be a valid email address.',
};
const person = v.object(personEntries(texts));

describe('personEntries', () => {
  it('asks for each missing field with its own message', () => {
    const result = v.safeParse(person, { firstName: '  ', email: '' });
    expect(result.success ? {} : toFieldErrors(result.issues)).toEqual({
      firstName: texts.firstNameRequired,
      lastName: texts.lastNameRequired,
      email: texts.emailRequired,
    });
  });

  it('refuses an address that is not one', () => {
    const result = v.safeParse(person, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@' });
    expect(result.success ? {} : toFieldErrors(result.issues)).toEqual({ email: texts.emailInvalid });
  });

  it('trims the names and keeps the email in lower case', () => {
    expect(v.parse(person, { firstName: ' Ada ', lastName: 'Lovelace', email: ' Ada@Example.COM ' })).toEqual(
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
      },
    );
  });
});
