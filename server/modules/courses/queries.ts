import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { CourseListQuery } from '../../../contract/courses/list-query.ts';
import type { CourseRow } from '../../../contract/courses/resource.ts';
import type { Paged } from '../../../contract/envelope.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere, statusWhere } from '../../db/paged-list.ts';
import { isoTime } from '../../db/rows.ts';
import { courses } from '../../db/schema/courses.ts';

type Executor = Pick<Database, 'select'>;

async function rowsWhere(db: Executor, where: SQL | undefined, window: { limit: number; offset: number }) {
  const rows = await db
    .select({
      _id: courses.id,
      name: courses.name,
      status: courses.status,
      version: courses.version,
      createdAt: courses.createdAt,
    })
    .from(courses)
    .where(where)
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(({ createdAt, ...row }): CourseRow => ({ ...row, createdAt: isoTime(createdAt) }));
}

/** GET /course: searched by name, filtered by status, newest first. */
export function coursesList(db: Database, query: CourseListQuery): Promise<Paged<CourseRow>> {
  const where = and(statusWhere(courses.status, query.status), searchWhere(query.search, courses.name));
  return pagedList(
    query,
    () => db.$count(courses, where),
    (window) => rowsWhere(db, where, window),
  );
}

/** One course as the list shows it, or undefined. */
export async function coursesRow(db: Executor, id: string): Promise<CourseRow | undefined> {
  const [row] = await rowsWhere(db, eq(courses.id, id), { limit: 1, offset: 0 });
  return row;
}
