import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type {
  ChecklistItem,
  ChecklistItemState,
  ChecklistRecord,
  ChecklistSummary,
  LearnerChecklist,
} from '../../../contract/checklists/records.ts';
import { checklistRecordMessages as m } from '../../../contract/checklists/records.ts';
import type { ChecklistActivityType } from '../../../contract/checklists/resource.ts';
import { checklistFigures } from '../../db/checklist-progress.ts';
import type { Database } from '../../db/client.ts';
import { courseInScope } from '../../db/learner-progress.ts';
import { isoTime, queryRows } from '../../db/rows.ts';
import { checklistRecords } from '../../db/schema/checklists.ts';
import { ApiError } from '../../http/errors.ts';
import { mayRecord, type Roles } from './roles.ts';

type Executor = Pick<Database, 'execute' | 'select'>;

/**
 * A learner's checklists are the published ones held by the outline of an enabled course in their
 * scope, assigned or not (record 026). Rows: id.
 */
export function heldChecklistIds(userId: SQL): SQL {
  return sql`select distinct hk.id from checklists hk
               join course_outline_items ho on ho.checklist_id = hk.id
               join courses hc on hc.id = ho.course_id
              where hk.status and ${courseInScope(userId, sql`hc`)}`;
}

/** Whether the learner holds the checklist (the condition of every record and read of it). */
export function holdsChecklist(userId: SQL, checklistId: SQL): SQL {
  // Aliases of their own: the caller's query may name its checklist `k`.
  return sql`exists (select 1 from checklists hk
                       join course_outline_items ho on ho.checklist_id = hk.id
                       join courses hc on hc.id = ho.course_id
                      where hk.id = ${checklistId} and hk.status and ${courseInScope(userId, sql`hc`)})`;
}

type SummaryRow = {
  id: string;
  title: string;
  description: string;
  total: number;
  done: number;
  courses: { _id: string; name: string }[] | string;
};

function toSummary(row: SummaryRow): ChecklistSummary {
  const { done } = row;
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    done,
    total: row.total,
    percent: row.total === 0 ? 100 : Math.round((100 * done) / row.total),
    completed: done >= row.total,
    courses: typeof row.courses === 'string' ? JSON.parse(row.courses) : row.courses,
  };
}

/**
 * The learner's checklists (all held, or the one of `checklistId`), sorted by title, with their
 * figures counted from records dated after `since` (null: any standing record).
 */
export async function checklistSummaries(
  db: Executor,
  learnerId: string,
  { checklistId, since = null }: { checklistId?: string; since?: Date | null } = {},
): Promise<ChecklistSummary[]> {
  const user = sql`${learnerId}::uuid`;
  const held = checklistId
    ? sql`select h.id from (${heldChecklistIds(user)}) h where h.id = ${checklistId}::uuid`
    : heldChecklistIds(user);
  const rows = await queryRows<SummaryRow>(
    db as Database,
    sql`select k.id, k.title, k.description, f.total, f.done,
               coalesce((select json_agg(json_build_object('_id', c.id, 'name', c.name) order by c.name, c.id)
                           from course_outline_items o join courses c on c.id = o.course_id
                          where o.checklist_id = k.id and ${courseInScope(user, sql`c`)}), '[]'::json) as courses
          from (${checklistFigures(user, held, sql`${since?.toISOString() ?? null}::timestamptz`)}) f
          join checklists k on k.id = f.checklist_id
         order by k.title, k.id`,
  );
  return rows.map((row) => toSummary(row));
}

export type RecordRow = typeof checklistRecords.$inferSelect;

export function toRecord(row: RecordRow): ChecklistRecord {
  return {
    _id: row.id,
    activityId: row.activityId,
    action: row.action,
    note: row.note,
    by: { _id: row.actorId, name: row.actorName, role: row.actorRole },
    doneAt: isoTime(row.doneAt),
    receivedAt: isoTime(row.receivedAt),
    hasFile: row.fileKey !== null,
    fileName: row.fileName,
    withdraws: row.withdrawsId,
    withdrawnAt: row.withdrawnAt ? isoTime(row.withdrawnAt) : null,
  };
}

/**
 * Where an item stands from its history (newest first), counting records dated after `since`:
 * done while a done record stands; 'not yet' while the newest sign-off or rating is a standing
 * 'not yet' (a later done, even withdrawn, has answered it); else open.
 */
export function itemStanding(history: RecordRow[], since: Date | null = null) {
  const inRound = history.filter((row) => !since || new Date(row.doneAt) > since);
  const done = inRound.find((row) => row.action === 'done' && !row.withdrawnAt);
  if (done) return { state: 'done' as ChecklistItemState, current: done };
  const latest = inRound.find((row) => row.action !== 'withdraw');
  if (latest?.action === 'notYet' && !latest.withdrawnAt)
    return { state: 'notYet' as ChecklistItemState, current: latest };
  return { state: 'open' as ChecklistItemState, current: null };
}

type ActivityRow = {
  id: string;
  position: number;
  title: string;
  instructions: string;
  type: ChecklistActivityType;
  required: boolean;
};

/** The checklist's activities in order. */
export function checklistActivityRows(db: Executor, checklistId: string): Promise<ActivityRow[]> {
  return queryRows<ActivityRow>(
    db as Database,
    sql`select id, position, title, instructions, type, required from checklist_activities
         where checklist_id = ${checklistId} order by position, id`,
  );
}

/** Records of a learner, newest first: of one item (`activityId`) or of a checklist's items. */
export function learnerRecords(
  db: Pick<Database, 'select'>,
  learnerId: string,
  of: { activityId: string } | { checklistId: string },
): Promise<RecordRow[]> {
  const scope =
    'activityId' in of
      ? eq(checklistRecords.activityId, of.activityId)
      : eq(checklistRecords.checklistId, of.checklistId);
  return db
    .select()
    .from(checklistRecords)
    .where(and(eq(checklistRecords.userId, learnerId), scope))
    .orderBy(desc(checklistRecords.doneAt), desc(checklistRecords.receivedAt), desc(checklistRecords.id));
}

export function toItem(
  activity: ActivityRow,
  history: RecordRow[],
  roles: Roles,
  since: Date | null,
  standing: boolean,
): ChecklistItem {
  const inRound = itemStanding(history, since);
  const ever = itemStanding(history);
  const state = standing ? 'done' : inRound.state;
  const current = standing ? (ever.state === 'done' ? ever.current : null) : inRound.current;
  return {
    _id: activity.id,
    position: activity.position,
    title: activity.title,
    instructions: activity.instructions,
    type: activity.type,
    required: activity.required,
    state,
    current: current ? toRecord(current) : null,
    canRecord: mayRecord(activity.type, roles) && ever.state !== 'done',
    history: history.map(toRecord),
  };
}

export type ChecklistView = {
  learnerId: string;
  checklistId: string;
  roles: Roles;
  /** Count only records after the course's round began; `standing`: the course stands completed. */
  round?: { since: Date | null; standing: boolean };
};

/** One learner's checklist as the caller sees it: 404 checklistNotAssigned unless the learner holds it. */
export async function learnerChecklist(db: Executor, view: ChecklistView): Promise<LearnerChecklist> {
  const { learnerId, checklistId, roles } = view;
  const since = view.round?.since ?? null;
  const standing = view.round?.standing ?? false;
  const [summary] = await checklistSummaries(db, learnerId, { checklistId, since });
  if (!summary) throw new ApiError(404, m.checklistNotAssigned);
  const [learner] = await queryRows<{ name: string }>(
    db as Database,
    sql`select first_name || ' ' || last_name as name from users where id = ${learnerId}`,
  );
  const activities = await checklistActivityRows(db, checklistId);
  const byItem = new Map<string, RecordRow[]>();
  for (const row of await learnerRecords(db, learnerId, { checklistId }))
    byItem.set(row.activityId, [...(byItem.get(row.activityId) ?? []), row]);
  const items = activities.map((activity) =>
    toItem(activity, byItem.get(activity.id) ?? [], roles, since, standing),
  );
  const figures = standing ? toSummaryStanding(summary) : summary;
  return { ...figures, learner: { _id: learnerId, name: learner?.name ?? '' }, items };
}

function toSummaryStanding(summary: ChecklistSummary): ChecklistSummary {
  return { ...summary, done: summary.total, percent: 100, completed: true };
}
