import { sql } from 'drizzle-orm';
import { CHECKLIST_MAX_ACTIVITIES, checklistMessages as m } from '../../../contract/checklists/resource.ts';
import { messages } from '../../../contract/messages.ts';
import type { Transaction } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { ApiError } from '../../http/errors.ts';

/**
 * Locks the checklist for the rest of the transaction, so two writes adding activities at once
 * number them one after the other, and answers where the next activity goes and how many there
 * are. 422 under checklistId when the checklist does not exist (it is named in the body, not the path).
 */
export async function lockChecklist(
  tx: Transaction,
  checklistId: string,
): Promise<{ next: number; count: number }> {
  const [checklist] = await queryRows<{ id: string }>(
    tx as never,
    sql`select id from checklists where id = ${checklistId} for update`,
  );
  if (!checklist) throw new ApiError(422, messages.validationFailed, { checklistId: m.checklistNotFound });
  const [row] = await queryRows<{ next: number; count: number }>(
    tx as never,
    sql`select coalesce(max(position), 0)::int + 1 as next, count(*)::int as count
        from checklist_activities where checklist_id = ${checklistId}`,
  );
  const count = Number(row?.count ?? 0);
  return { next: Number(row?.next ?? 1), count };
}

/** A checklist holds at most CHECKLIST_MAX_ACTIVITIES activities. */
export function checkRoom(count: number) {
  if (count + 1 > CHECKLIST_MAX_ACTIVITIES)
    throw new ApiError(422, messages.validationFailed, { checklistId: m.tooManyActivities });
}
