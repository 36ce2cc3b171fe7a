import type { Context } from 'hono';
import type * as v from 'valibot';
import type { ApiErrorBody } from '../../contract/envelope.ts';
import { messages } from '../../contract/messages.ts';
import { toFieldErrors } from '../../contract/validation.ts';

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
