import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Paged } from '../../../contract/envelope.ts';
import type { QuizListQuery } from '../../../contract/quizzes/list-query.ts';
import type { QuizRow } from '../../../contract/quizzes/resource.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere, statusWhere } from '../../db/paged-list.ts';
import { isoTime } from '../../db/rows.ts';
import { quizzes } from '../../db/schema/quizzes.ts';

type Executor = Pick<Database, 'select'>;

async function rowsWhere(db: Executor, where: SQL | undefined, window: { limit: number; offset: number }) {
  const rows = await db
    .select({
      _id: quizzes.id,
      name: quizzes.name,
      status: quizzes.status,
      version: quizzes.version,
      createdAt: quizzes.createdAt,
    })
    .from(quizzes)
    .where(where)
    .orderBy(desc(quizzes.createdAt), desc(quizzes.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(({ createdAt, ...row }): QuizRow => ({ ...row, createdAt: isoTime(createdAt) }));
}

/** GET /quiz: searched by name, filtered by status, newest first. */
export function quizzesList(db: Database, query: QuizListQuery): Promise<Paged<QuizRow>> {
  const where = and(statusWhere(quizzes.status, query.status), searchWhere(query.search, quizzes.name));
  return pagedList(
    query,
    () => db.$count(quizzes, where),
    (window) => rowsWhere(db, where, window),
  );
}

/** One quiz as the list shows it, or undefined. */
export async function quizzesRow(db: Executor, id: string): Promise<QuizRow | undefined> {
  const [row] = await rowsWhere(db, eq(quizzes.id, id), { limit: 1, offset: 0 });
  return row;
}
