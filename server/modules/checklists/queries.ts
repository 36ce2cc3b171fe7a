import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type {
  ChecklistActivityListQuery,
  ChecklistListQuery,
} from '../../../contract/checklists/list-query.ts';
import type {
  ChecklistActivity,
  ChecklistDetail,
  ChecklistRow,
} from '../../../contract/checklists/resource.ts';
import type { Paged } from '../../../contract/envelope.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere, statusWhere } from '../../db/paged-list.ts';
import { isoTime } from '../../db/rows.ts';
import { checklistActivities, checklists } from '../../db/schema/checklists.ts';

type Executor = Pick<Database, 'select'>;

/** Counted per row of the page only (checklist_activities_checklist_idx), never for the whole table. */
const activityCount = sql<number>`(select count(*)::int from checklist_activities a where a.checklist_id = "checklists"."id")`;

async function rowsWhere(db: Executor, where: SQL | undefined, window: { limit: number; offset: number }) {
  const rows = await db
    .select({
      _id: checklists.id,
      title: checklists.title,
      status: checklists.status,
      version: checklists.version,
      activityCount,
      createdAt: checklists.createdAt,
    })
    .from(checklists)
    .where(where)
    .orderBy(desc(checklists.createdAt), desc(checklists.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(
    ({ createdAt, ...row }): ChecklistRow => ({
      ...row,
      activityCount: Number(row.activityCount),
      createdAt: isoTime(createdAt),
    }),
  );
}

/** GET /checklist: searched by title, filtered by status, newest first, each with its activity count. */
export function checklistList(db: Database, query: ChecklistListQuery): Promise<Paged<ChecklistRow>> {
  const where = and(
    statusWhere(checklists.status, query.status),
    searchWhere(query.search, checklists.title),
  );
  return pagedList(
    query,
    () => db.$count(checklists, where),
    (window) => rowsWhere(db, where, window),
  );
}

/** One checklist as the list shows it, or undefined. */
export async function checklistRow(db: Executor, id: string): Promise<ChecklistRow | undefined> {
  const [row] = await rowsWhere(db, eq(checklists.id, id), { limit: 1, offset: 0 });
  return row;
}

type ActivityRecord = typeof checklistActivities.$inferSelect;

const toActivity = (row: ActivityRecord): ChecklistActivity => ({
  _id: row.id,
  checklistId: row.checklistId,
  position: row.position,
  title: row.title,
  instructions: row.instructions,
  type: row.type,
  required: row.required,
  version: row.version,
  createdAt: isoTime(row.createdAt),
  updatedAt: isoTime(row.updatedAt),
});

const firstToLast = [asc(checklistActivities.position), asc(checklistActivities.id)];

/** GET /checklist/activity: the activities of a checklist, first to last, a page at a time. */
export function activityList(
  db: Database,
  query: ChecklistActivityListQuery,
): Promise<Paged<ChecklistActivity>> {
  const where = eq(checklistActivities.checklistId, query.checklist);
  return pagedList(
    query,
    () => db.$count(checklistActivities, where),
    async ({ limit, offset }) =>
      (
        await db
          .select()
          .from(checklistActivities)
          .where(where)
          .orderBy(...firstToLast)
          .limit(limit)
          .offset(offset)
      ).map(toActivity),
  );
}

/** One activity, or undefined. */
export async function activityById(db: Executor, id: string): Promise<ChecklistActivity | undefined> {
  const [row] = await db.select().from(checklistActivities).where(eq(checklistActivities.id, id)).limit(1);
  return row ? toActivity(row) : undefined;
}

/** GET /checklist/{id}: the checklist and all its activities, first to last. */
export async function checklistDetail(db: Executor, id: string): Promise<ChecklistDetail | undefined> {
  const [checklist] = await db.select().from(checklists).where(eq(checklists.id, id)).limit(1);
  if (!checklist) return undefined;
  const activities = (
    await db
      .select()
      .from(checklistActivities)
      .where(eq(checklistActivities.checklistId, id))
      .orderBy(...firstToLast)
  ).map(toActivity);
  return {
    _id: checklist.id,
    title: checklist.title,
    status: checklist.status,
    version: checklist.version,
    activityCount: activities.length,
    createdAt: isoTime(checklist.createdAt),
    description: checklist.description,
    activities,
  };
}
