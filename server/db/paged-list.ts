import { ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { StatusFilter } from '../../contract/admin-list.ts';
import type { Paged } from '../../contract/envelope.ts';
import { containsPattern } from './search.ts';

/**
 * Paged administration lists: one count query and one LIMIT/OFFSET query, answered as `Paged<T>`.
 * A page past the end answers an empty `data` with the real total.
 *
 *   const where = and(statusWhere(userGroups.status, query.status), searchWhere(query.search, userGroups.name));
 *   const results = await pagedList(query, () => db.$count(userGroups, where), ({ limit, offset }) =>
 *     db.select(groupColumns).from(userGroups).where(where)
 *       .orderBy(desc(userGroups.createdAt), desc(userGroups.id)).limit(limit).offset(offset));
 */
export async function pagedList<T>(
  query: { page: number; limit: number },
  count: () => Promise<number>,
  rows: (window: { limit: number; offset: number }) => Promise<T[]>,
): Promise<Paged<T>> {
  const offset = (query.page - 1) * query.limit;
  const total = Number(await count());
  // Nothing to read past the last row; skip the second query.
  const data = offset < total ? await rows({ limit: query.limit, offset }) : [];
  return { data, page: query.page, limit: query.limit, totalPages: Math.ceil(total / query.limit), total };
}

/** `status` filter of every administration list: 'all' adds no condition. */
export function statusWhere(column: PgColumn, status: StatusFilter): SQL | undefined {
  if (status === 'all') return undefined;
  return sql`${column} = ${status === 'true'}`;
}

/** Case-insensitive "contains" over any of the columns; the user's own % and _ match literally. */
export function searchWhere(term: string, ...columns: (PgColumn | SQL)[]): SQL | undefined {
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(...columns.map((column) => ilike(column, pattern)));
}
