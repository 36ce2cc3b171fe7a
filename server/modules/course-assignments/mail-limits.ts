import type { Context } from 'hono';
import { messages } from '../../../contract/messages.ts';
import { overLimit } from '../../auth/rate-limit.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';

/** The routes that mail an assignment's learners, each limited on its own. */
export type MailingAction = 'reassign' | 'duplicate' | 'resend';

/**
 * Counts one use of `action` on each assignment by the caller, and answers 429 with Retry-After
 * (the longest wait) once any of them is over `limit`: then nothing is done, as for the resend
 * of the mail. Called once the assignments exist, the caller may use them and the body is valid,
 * so refusals use no quota. The daily cap per learner (mail.ts) holds back repeats within it.
 *
 * @example await limitMailing(c, db, 'reassign', [record.id], ASSIGNMENT_MAIL_RATE_LIMIT);
 */
export async function limitMailing(
  c: Context<AppEnv>,
  db: Database,
  action: MailingAction,
  assignmentIds: string[],
  limit: { max: number; windowMs: number },
): Promise<void> {
  const { userId } = c.get('auth');
  let wait: number | undefined;
  for (const id of [...new Set(assignmentIds)].sort()) {
    const seconds = await overLimit(db, `${action}:training:${id}:${userId}`, limit);
    if (seconds !== undefined) wait = Math.max(wait ?? 0, seconds);
  }
  if (wait === undefined) return;
  c.header('Retry-After', String(wait));
  throw new ApiError(429, messages.tooManyAttempts);
}
