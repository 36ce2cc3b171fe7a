/**
 * A refusal that says the work the request carries is counted already: the learner's course stands
 * completed, or the quiz was passed in this round and has no attempts left. Nothing a retry or an
 * edit could add, so the outbox settles such an answer to a replayed change as sent, not failed
 * (docs/decisions/022-waiting-learner-work.md). Other refusals carry no code and stay refusals.
 */
export const ALREADY_COUNTED = 'alreadyCounted';

/** The body of a 409 refusing work that is counted already: the usual message, and the code. */
export type AlreadyCountedBody = { message: string; code: typeof ALREADY_COUNTED };

/** Whether an answer's body says its work was counted already. */
export function isAlreadyCounted(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === ALREADY_COUNTED;
}
