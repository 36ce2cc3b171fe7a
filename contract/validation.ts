import * as v from 'valibot';
import type { FieldErrors } from './envelope.ts';
import { messages } from './messages.ts';

/** Text the database can store: PostgreSQL text cannot hold a NUL character. */
export const noNul = v.regex<string, string>(/^[^\0]*$/, messages.invalidCharacters);

/** A required text: trimmed, not empty, at most `max` characters, storable; absent reads as '' (and fails). */
export const requiredText = (message: string, max = 100) =>
  v.optional(v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max), noNul), '');

type PersonTexts = {
  firstNameRequired: string;
  lastNameRequired: string;
  emailRequired: string;
  emailInvalid: string;
};

/** First name, last name and email (kept in lower case): the same rules wherever a person is entered. */
export const personEntries = (texts: PersonTexts) => ({
  firstName: requiredText(texts.firstNameRequired),
  lastName: requiredText(texts.lastNameRequired),
  email: v.pipe(requiredText(texts.emailRequired, 254), v.email(texts.emailInvalid), v.toLowerCase()),
});

/** First message per field, keyed by the dotted path of the field, as the 422 body carries it. */
export function toFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? 'root';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** Whether a path parameter is an id at all; anything else is a page that cannot exist. */
export const isUuid = (value: string): boolean => v.is(v.pipe(v.string(), v.uuid()), value);

type WithPasswords = { password?: string; confirmPassword?: string };

/**
 * Password and its confirmation must match; the message shows under Confirm Password. With
 * `confirmRequired`, a typed password with an empty confirmation gets that message instead.
 */
export function passwordsMatch<T extends WithPasswords>(texts: {
  mismatch: string;
  confirmRequired?: string;
}) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const { password: first = '', confirmPassword: second = '' } = dataset.value;
    if (first === second) return;
    const missing = texts.confirmRequired !== undefined && first !== '' && second === '';
    addIssue({
      message: missing ? (texts.confirmRequired ?? texts.mismatch) : texts.mismatch,
      path: [
        { type: 'object', origin: 'value', input: dataset.value, key: 'confirmPassword', value: second },
      ],
    });
  });
}
