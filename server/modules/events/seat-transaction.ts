import type { Transaction } from '../../db/client.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import type { Mail } from '../../mail/mailer.ts';
import { seatMails } from './event-mail.ts';
import { type LockedEvent, lockEvent, type SeatChange } from './seats.ts';
import { waitlistPositions } from './waitlist.ts';

/**
 * Every change of place on an event, whoever makes it (an admin, a lead, the person), runs here: one
 * transaction that locks the event's row, does the work, and records the mails its changes call
 * for (and any `mails` the work adds), which go out once it has committed. `missing` is the 404 message for an event that is gone.
 *
 *   const result = await seatTransaction(deps, eventId, m.eventNotFound, async (tx, event) => {
 *     const { result, changes } = await placePeople(tx, event, userIds, options);
 *     return { value: result, changes };
 *   });
 */
export async function seatTransaction<T>(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  eventId: string,
  missing: string,
  work: (
    tx: Transaction,
    event: LockedEvent,
  ) => Promise<{ value: T; changes: readonly SeatChange[]; mails?: readonly Mail[] }>,
): Promise<T> {
  const { value, deliver } = await deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event) throw new ApiError(404, missing);
    const { value, changes, mails: more = [] } = await work(tx, event);
    const positions = await waitlistPositions(
      tx,
      changes.filter((change) => change.to === 'waitlisted').map((change) => change.attendeeId),
    );
    const mails = [...more, ...(await seatMails(tx, deps.config, eventId, changes, positions))];
    const deliver = mails.length > 0 ? await deps.mailer.record(tx, mails) : () => undefined;
    return { value, deliver };
  });
  deliver();
  return value;
}
