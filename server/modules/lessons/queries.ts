import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Paged } from '../../../contract/envelope.ts';
import type { LessonListQuery } from '../../../contract/lessons/list-query.ts';
import type { LessonRow } from '../../../contract/lessons/resource.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere, statusWhere } from '../../db/paged-list.ts';
import { isoTime } from '../../db/rows.ts';
import { lessons } from '../../db/schema/lessons.ts';

type Executor = Pick<Database, 'select'>;

async function rowsWhere(db: Executor, where: SQL | undefined, window: { limit: number; offset: number }) {
  const rows = await db
    .select({
      _id: lessons.id,
      name: lessons.name,
      status: lessons.status,
      version: lessons.version,
      createdAt: lessons.createdAt,
    })
    .from(lessons)
    .where(where)
    .orderBy(desc(lessons.createdAt), desc(lessons.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(({ createdAt, ...row }): LessonRow => ({ ...row, createdAt: isoTime(createdAt) }));
}

/** GET /lesson: searched by name, filtered by status, newest first. */
export function lessonsList(db: Database, query: LessonListQuery): Promise<Paged<LessonRow>> {
  const where = and(statusWhere(lessons.status, query.status), searchWhere(query.search, lessons.name));
  return pagedList(
    query,
    () => db.$count(lessons, where),
    (window) => rowsWhere(db, where, window),
  );
}

/** One lesson as the list shows it, or undefined. */
export async function lessonsRow(db: Executor, id: string): Promise<LessonRow | undefined> {
  const [row] = await rowsWhere(db, eq(lessons.id, id), { limit: 1, offset: 0 });
  return row;
}
