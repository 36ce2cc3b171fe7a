import * as v from 'valibot';
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { messages } from './messages.ts';
import { noNul } from './validation.ts';

/** A missing key reads as '' so it gets the field's own required message, not valibot's generic one. */
const required = <const S extends v.GenericSchema<string, string>>(schema: S) => v.optional(schema, '');

const requiredString = (message: string) =>
  required(v.pipe(v.string(message), v.trim(), v.nonEmpty(message)));

const email = v.pipe(requiredString(messages.emailRequired), v.email(messages.emailInvalid));

export const loginSchema = v.object({
  email,
  // scrypt's HMAC pads the key with NULs, so 'secret' followed by NULs would pass for 'secret'.
  password: required(
    v.pipe(v.string(messages.passwordRequired), v.nonEmpty(messages.passwordRequired), noNul),
  ),
});
export type LoginInput = v.InferInput<typeof loginSchema>;

export const forgotPasswordSchema = v.object({ email });
export type ForgotPasswordInput = v.InferInput<typeof forgotPasswordSchema>;

const passwordFields = {
  newPassword: required(
    v.pipe(
      v.string(messages.newPasswordRequired),
      v.nonEmpty(messages.newPasswordRequired),
      v.minLength(MIN_PASSWORD_LENGTH, messages.newPasswordMin),
      noNul,
    ),
  ),
  confirmPassword: required(
    v.pipe(v.string(messages.confirmPasswordRequired), v.nonEmpty(messages.confirmPasswordRequired), noNul),
  ),
};

/** Builds the schema; the mismatch is reported on confirmPassword, where the form shows it. */
function withMatchingPasswords<const E extends v.ObjectEntries>(extra: E) {
  return v.pipe(
    v.object({ ...passwordFields, ...extra }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const { newPassword, confirmPassword } = dataset.value as {
        newPassword: string;
        confirmPassword: string;
      };
      if (newPassword !== confirmPassword) {
        addIssue({
          message: messages.passwordMismatch,
          path: [
            {
              type: 'object',
              origin: 'value',
              input: dataset.value as Record<string, unknown>,
              key: 'confirmPassword',
              value: confirmPassword,
            },
          ],
        });
      }
    }),
  );
}

/** The fields the reset form edits; the token comes from the route. */
export const resetPasswordFormSchema = withMatchingPasswords({});
export type ResetPasswordFormInput = v.InferInput<typeof resetPasswordFormSchema>;

export const resetPasswordSchema = withMatchingPasswords({ token: requiredString(messages.tokenRequired) });
export type ResetPasswordInput = v.InferInput<typeof resetPasswordSchema>;
