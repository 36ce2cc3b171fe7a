import { and, eq, isNull } from 'drizzle-orm';
import { ALREADY_COUNTED } from '../../../contract/already-counted.ts';
import { checklistRecordMessages as m, type RecordResult } from '../../../contract/checklists/records.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { checklistRecords } from '../../db/schema/checklists.ts';
import type { StoredFile } from '../../files/upload.ts';
import { ApiError } from '../../http/errors.ts';
import { completeDoneCourses, coursesHoldingChecklist, lockLearner } from '../learning/completion.ts';
import { doneAt } from '../learning/device-time.ts';
import {
  checklistActivityRows,
  checklistSummaries,
  learnerRecords,
  type RecordRow,
  toItem,
  toRecord,
} from './queries.ts';
import type { Target } from './record-checks.ts';
import { isReplay, storedRecord } from './record-checks.ts';
import type { RecordInput } from './record-form.ts';
import { recorderRole } from './roles.ts';

/** A 409 whose work is counted already: the outbox settles it as sent (contract/already-counted.ts). */
export class CountedAlready extends ApiError {
  readonly code = ALREADY_COUNTED;
}

export type Writer = { id: string; name: string };

/** The done record of the item that stands, if any. */
export async function standingDone(
  db: Pick<Database, 'select'> | Transaction,
  learnerId: string,
  activityId: string,
): Promise<RecordRow | undefined> {
  const [row] = await db
    .select()
    .from(checklistRecords)
    .where(
      and(
        eq(checklistRecords.userId, learnerId),
        eq(checklistRecords.activityId, activityId),
        eq(checklistRecords.action, 'done'),
        isNull(checklistRecords.withdrawnAt),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Writes one record under the learner's lock (record 026): a replayed id answers the stored row; a
 * done on an item standing done is 409 (counted already), a 'not yet' on it 409, a withdrawal of a
 * record withdrawn already 409 (counted already). The record is dated by the device, not after
 * `now` and after the record it withdraws. A done completes the courses in the learner's scope
 * whose last part it was. Answers the row and the courses completed (none for a replay).
 */
export async function writeRecord(
  db: Database,
  {
    input,
    target,
    writer,
    file,
    now,
    device,
  }: {
    input: RecordInput;
    target: Target;
    writer: Writer;
    file: StoredFile | undefined;
    now: Date;
    device: Date | undefined;
  },
): Promise<{ row: RecordRow; completed: string[]; replayed: boolean }> {
  const learnerId = input.learnerId;
  return db.transaction(async (tx) => {
    await lockLearner(tx, learnerId);
    const earlier = await storedRecord(tx, input.recordId);
    if (earlier && isReplay(earlier, writer.id, input))
      return { row: earlier, completed: [], replayed: true };
    const { activity, withdrawn } = target;
    if (input.action === 'withdraw' && withdrawn) {
      const [current] = await tx
        .select({ withdrawnAt: checklistRecords.withdrawnAt })
        .from(checklistRecords)
        .where(eq(checklistRecords.id, withdrawn.id));
      if (current?.withdrawnAt) throw new CountedAlready(409, m.alreadyWithdrawn);
    } else if (await standingDone(tx, learnerId, activity.id)) {
      if (input.action === 'done') throw new CountedAlready(409, m.alreadyDone);
      throw new ApiError(409, m.alreadyDone);
    }
    const dated = doneAt(device, now, [withdrawn ? new Date(withdrawn.doneAt) : null]);
    const [row] = await tx
      .insert(checklistRecords)
      .values({
        id: input.recordId,
        userId: learnerId,
        checklistId: activity.checklistId,
        activityId: activity.id,
        action: input.action,
        actorId: writer.id,
        actorName: writer.name,
        actorRole: withdrawn ? withdrawn.actorRole : recorderRole(activity.type, target.roles),
        note: input.note,
        fileKey: file?.key ?? null,
        fileName: file?.name ?? null,
        fileType: file?.mimeType ?? null,
        fileSize: file?.size ?? null,
        withdrawsId: withdrawn?.id ?? null,
        doneAt: dated,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      // The same id written meanwhile for another learner (whose lock this one does not hold).
      const other = await storedRecord(tx, input.recordId);
      if (other && isReplay(other, writer.id, input)) return { row: other, completed: [], replayed: true };
      throw new Error('A checklist record was neither inserted nor found');
    }
    if (withdrawn)
      await tx
        .update(checklistRecords)
        .set({ withdrawnAt: dated })
        .where(eq(checklistRecords.id, withdrawn.id));
    const completed =
      input.action === 'done'
        ? await completeDoneCourses(
            tx,
            learnerId,
            coursesHoldingChecklist(learnerId, activity.checklistId),
            now,
            dated,
          )
        : [];
    return { row, completed, replayed: false };
  });
}

/** The answer of a record: the record, its item and checklist as the learner stands now. */
export async function recordResult(
  db: Database,
  { row, target, completed }: { row: RecordRow; target: Target; completed: string[] },
): Promise<RecordResult> {
  const { activity, roles } = target;
  const [summary] = await checklistSummaries(db, row.userId, { checklistId: activity.checklistId });
  const activityRow = (await checklistActivityRows(db, activity.checklistId)).find(
    (one) => one.id === activity.id,
  );
  const history = await learnerRecords(db, row.userId, { activityId: activity.id });
  if (!summary || !activityRow) throw new ApiError(404, m.checklistNotAssigned);
  return {
    record: toRecord(row),
    item: toItem(activityRow, history, roles, null, false),
    checklist: summary,
    coursesCompleted: completed,
  };
}
