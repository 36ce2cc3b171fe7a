import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Paged } from '../../../contract/envelope.ts';
import type { LessonListQuery } from '../../../contract/lessons/list-query.ts';
import type { LessonDetail, LessonRow } from '../../../contract/lessons/resource.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere, statusWhere } from '../../db/paged-list.ts';
import { isoTime } from '../../db/rows.ts';
import { lessons } from '../../db/schema/lessons.ts';

type Executor = Pick<Database, 'select'>;

const activityCount = sql<number>`(select count(*) from lesson_activities a where a.lesson_id = "lessons"."id")`;

async function rowsWhere(db: Executor, where: SQL | undefined, window: { limit: number; offset: number }) {
  const rows = await db
    .select({
      _id: lessons.id,
      name: lessons.name,
      description: lessons.description,
      status: lessons.status,
      version: lessons.version,
      activityCount: activityCount.mapWith(Number),
      createdAt: lessons.createdAt,
      updatedAt: lessons.updatedAt,
    })
    .from(lessons)
    .where(where)
    .orderBy(desc(lessons.createdAt), desc(lessons.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(
    ({ createdAt, updatedAt, ...row }): LessonDetail => ({
      ...row,
      createdAt: isoTime(createdAt),
      updatedAt: isoTime(updatedAt),
    }),
  );
}

const toRow = ({ description: _d, updatedAt: _u, ...row }: LessonDetail): LessonRow => row;

/** GET /lesson: searched by name, filtered by status, newest first, with each lesson's activity count. */
export function lessonsList(db: Database, query: LessonListQuery): Promise<Paged<LessonRow>> {
  const where = and(statusWhere(lessons.status, query.status), searchWhere(query.search, lessons.name));
  return pagedList(
    query,
    () => db.$count(lessons, where),
    async (window) => (await rowsWhere(db, where, window)).map(toRow),
  );
}

/** One lesson as the list shows it, or undefined. */
export async function lessonsRow(db: Executor, id: string): Promise<LessonRow | undefined> {
  const detail = await lessonDetail(db, id);
  return detail && toRow(detail);
}

/** One lesson with its description, or undefined. */
export async function lessonDetail(db: Executor, id: string): Promise<LessonDetail | undefined> {
  const [row] = await rowsWhere(db, eq(lessons.id, id), { limit: 1, offset: 0 });
  return row;
}
