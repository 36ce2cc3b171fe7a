import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { fileMessages, HAND_IN_TOTAL_BYTES } from '../../../contract/files.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { handIns } from '../../db/schema/learning.ts';
import { ApiError } from '../../http/errors.ts';

type Executor = Pick<Database, 'execute'>;

/** Earlier hand-ins of the activity in the round: the ones a new hand-in replaces. */
const inRound = (activityId: string, roundStart: Date | null) =>
  sql`(${handIns.activityId} = ${activityId} and ${handIns.handedInAt} > coalesce(${roundStart?.toISOString() ?? null}::timestamptz, '-infinity'::timestamptz))`;

/**
 * Bytes the learner may still store as a hand-in of `activityId`: HAND_IN_TOTAL_BYTES less their
 * stored hand-ins, leaving out the ones of this activity in the round, which it would replace.
 */
export async function handInRoom(
  db: Executor,
  userId: string,
  activityId: string,
  roundStart: Date | null,
): Promise<number> {
  const [row] = await queryRows<{ used: number }>(
    db as Database,
    sql`select coalesce(sum(${handIns.fileSize}), 0)::float8 as used from ${handIns}
         where ${handIns.userId} = ${userId} and not ${inRound(activityId, roundStart)}`,
  );
  return HAND_IN_TOTAL_BYTES - (row?.used ?? 0);
}

export const handInsFull = () =>
  new ApiError(413, messages.payloadTooLarge, { file: fileMessages.handInsFull });

/**
 * Writes a hand-in in place of the learner's earlier ones of the activity in the round, under the
 * learner's lock (recordActivity). Refuses it (413) when it does not fit the learner's room, checked
 * again here since another upload may have filled it while this one streamed. Answers whether it
 * was written (not for a replayed id) and the store keys of the hand-ins it replaced, for the
 * caller to delete once the transaction is committed. The replaced completions stay: they are the
 * learner's history, and only the latest file counts.
 */
export async function replaceHandIn(
  tx: Transaction,
  row: typeof handIns.$inferInsert,
  roundStart: Date | null,
): Promise<{ written: boolean; replacedKeys: string[] }> {
  if (row.fileSize > (await handInRoom(tx, row.userId, row.activityId, roundStart))) throw handInsFull();
  const inserted = await tx.insert(handIns).values(row).onConflictDoNothing().returning({ id: handIns.id });
  if (inserted.length === 0) return { written: false, replacedKeys: [] };
  const replaced = await tx
    .delete(handIns)
    .where(
      and(
        eq(handIns.userId, row.userId),
        ne(handIns.id, row.id),
        eq(handIns.activityId, row.activityId),
        roundStart ? gt(handIns.handedInAt, roundStart) : undefined,
      ),
    )
    .returning({ fileKey: handIns.fileKey });
  return { written: true, replacedKeys: replaced.map((earlier) => earlier.fileKey) };
}
