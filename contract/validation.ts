import * as v from 'valibot';
import type { FieldErrors } from './envelope.ts';
import { messages } from './messages.ts';

/**
 * A NUL (PostgreSQL text and jsonb cannot hold it) or a lone UTF-16 surrogate, half of a pair
 * without its other half (not Unicode at all; jsonb refuses it). In `u` mode a pair is one code
 * point, so `\p{Cs}` matches only a half standing alone.
 */
const UNSTORABLE = /[\0\p{Cs}]/u;

/** Whether the database can store the text as it is: the one rule for every text the API takes. */
export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/**
 * The same rule on one field, for forms and form fields. The server also applies it to every
 * string of a JSON body before any route runs (server/http/storable-text.ts).
 */
export const noNul = v.check<string, string>(isStorableText, messages.invalidCharacters);

/**
 * A required text: trimmed, not empty, at most `max` characters (`tooLong` past it), storable;
 * absent reads as '' (and fails with `message`, not valibot's generic one).
 */
export const requiredText = (message: string, max = 100, tooLong?: string) =>
  v.optional(v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLong), noNul), '');

/** An optional text such as a description: trimmed, at most `max` characters, storable; absent reads as ''. */
export const optionalText = (tooLong: string, max: number) =>
  v.optional(v.pipe(v.string(tooLong), v.trim(), v.maxLength(max, tooLong), noNul), '');

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
