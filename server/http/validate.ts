import type { Context } from 'hono';
import * as v from 'valibot';
import type { ApiErrorBody, FieldErrors } from '../../contract/envelope.ts';
import { messages } from '../../contract/messages.ts';
import { toFieldErrors } from '../../contract/validation.ts';
import { ApiError } from './errors.ts';

type Outcome = { success: true } | { success: false; issues: readonly v.BaseIssue<unknown>[] };

/**
 * Hook for @hono/valibot-validator: a payload the contract's schema rejects gets 422 with the
 * schema's own messages per field, the same ones the client's form shows.
 */
export function validationHook(result: Outcome, c: Context) {
  if (!result.success) {
    return c.json(
      { message: messages.validationFailed, errors: toFieldErrors(result.issues) } satisfies ApiErrorBody,
      422,
    );
  }
}

/**
 * Validates a payload the route assembled itself (a multipart form, a row of an import) with the
 * contract's schema; 422 with every field's message, plus `extra` errors found outside the schema.
 */
export function parseOr422<const S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  extra: FieldErrors = {},
): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  const errors = { ...(result.success ? {} : toFieldErrors(result.issues)), ...extra };
  if (!result.success || Object.keys(errors).length > 0) {
    throw new ApiError(422, messages.validationFailed, errors);
  }
  return result.output;
}
