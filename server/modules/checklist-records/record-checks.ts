import { eq, sql } from 'drizzle-orm';
import { checklistRecordMessages as m } from '../../../contract/checklists/records.ts';
import type { ChecklistActivityType } from '../../../contract/checklists/resource.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { checklistRecords } from '../../db/schema/checklists.ts';
import { ApiError } from '../../http/errors.ts';
import { holdsChecklist, type RecordRow } from './queries.ts';
import type { RecordInput } from './record-form.ts';
import { PHOTO_TYPES, type Roles, recordRefusal, rolesOn } from './roles.ts';

type Executor = Pick<Database, 'execute' | 'select'>;

const invalid = (errors: Record<string, string>) => new ApiError(422, messages.validationFailed, errors);

/** The record stored under the device's id, if any. */
export async function storedRecord(db: Executor, recordId: string): Promise<RecordRow | undefined> {
  const [row] = await db.select().from(checklistRecords).where(eq(checklistRecords.id, recordId));
  return row;
}

/**
 * Whether `stored` is the record `input` sends again: the same writer, learner, item and action.
 * An id that names anyone else's record is refused (422), so an id cannot be used to read another.
 */
export function isReplay(stored: RecordRow, callerId: string, input: RecordInput): true {
  const same =
    stored.actorId === callerId &&
    stored.userId === input.learnerId &&
    stored.activityId === input.activityId &&
    stored.action === input.action;
  if (!same) throw invalid({ recordId: m.recordIdInvalid });
  return true;
}

/** What a withdrawal or a done needs besides its ids: a reason and the record it takes back. */
export function checkWithdrawalFields(input: RecordInput): void {
  if (input.action !== 'withdraw') return;
  const errors: Record<string, string> = {};
  if (!input.note) errors.note = m.reasonRequired;
  if (!input.withdraws) errors.withdraws = m.withdrawsRequired;
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

export type Activity = { id: string; checklistId: string; type: ChecklistActivityType };

export async function loadActivity(db: Executor, activityId: string): Promise<Activity> {
  const [row] = await queryRows<{ id: string; checklist_id: string; type: ChecklistActivityType }>(
    db as Database,
    sql`select id, checklist_id, type from checklist_activities where id = ${activityId}`,
  );
  if (!row) throw new ApiError(404, m.activityNotFound);
  return { id: row.id, checklistId: row.checklist_id, type: row.type };
}

export async function requireHeld(db: Executor, learnerId: string, checklistId: string): Promise<void> {
  const [row] = await queryRows<{ held: boolean }>(
    db as Database,
    sql`select ${holdsChecklist(sql`${learnerId}::uuid`, sql`${checklistId}::uuid`)} as held`,
  );
  if (!row?.held) throw new ApiError(404, m.checklistNotAssigned);
}

export type Target = { activity: Activity; roles: Roles; withdrawn?: RecordRow };

/**
 * Who may record `input`, in the order a caller learns of it: the item exists (404), the caller
 * may record on it (403; a withdrawal: wrote the record it takes back), the learner holds the
 * checklist (404). Answers the item, the caller's roles and, for a withdrawal, the record.
 */
export async function checkTarget(db: Executor, callerId: string, input: RecordInput): Promise<Target> {
  checkWithdrawalFields(input);
  const activity = await loadActivity(db, input.activityId);
  const roles = await rolesOn(db, callerId, input.learnerId, activity.checklistId);
  let withdrawn: RecordRow | undefined;
  if (input.action === 'withdraw') {
    withdrawn = await storedRecord(db, input.withdraws as string);
    if (!withdrawn || withdrawn.userId !== input.learnerId || withdrawn.activityId !== activity.id)
      throw new ApiError(404, m.recordNotFound);
    if (withdrawn.actorId !== callerId) throw new ApiError(403, m.notSigner);
    if (withdrawn.action === 'withdraw') throw invalid({ withdraws: m.notWithdrawable });
  } else {
    const refusal = recordRefusal(activity.type, input.action, roles);
    if (refusal) throw refusal;
  }
  await requireHeld(db, input.learnerId, activity.checklistId);
  return { activity, roles, withdrawn };
}

/** The file a record of `input` on `activity` may carry (refused when it takes none). */
export function fileKind(activity: Activity, input: RecordInput): 'photo' | 'evidence' {
  if (input.action === 'done' && activity.type === 'evidence') return 'evidence';
  if (input.action !== 'withdraw' && PHOTO_TYPES.includes(activity.type)) return 'photo';
  throw invalid({ file: m.fileNotTaken });
}

/** What a record needs once its file is known: a written answer's text, evidence's file. */
export function checkContent(activity: Activity, input: RecordInput, hasFile: boolean): void {
  if (input.action !== 'done') return;
  if (activity.type === 'writtenAnswer' && !input.note) throw invalid({ note: m.answerRequired });
  if (activity.type === 'evidence' && !hasFile) throw invalid({ file: m.evidenceRequired });
}
