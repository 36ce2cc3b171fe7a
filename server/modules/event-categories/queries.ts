import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Paged } from '../../../contract/envelope.ts';
import type { EventCategoryApiQuery } from '../../../contract/event-categories/list-query.ts';
import type { EventCategoryRow } from '../../../contract/event-categories/resource.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere, statusWhere } from '../../db/paged-list.ts';
import { isoTime } from '../../db/rows.ts';
import { eventCategories } from '../../db/schema/event-categories.ts';

type Executor = Pick<Database, 'select'>;

async function rowsWhere(db: Executor, where: SQL | undefined, window: { limit: number; offset: number }) {
  const rows = await db
    .select({
      _id: eventCategories.id,
      title: eventCategories.title,
      description: eventCategories.description,
      status: eventCategories.status,
      version: eventCategories.version,
      createdAt: eventCategories.createdAt,
    })
    .from(eventCategories)
    .where(where)
    // event_categories_created_idx
    .orderBy(desc(eventCategories.createdAt), desc(eventCategories.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(({ createdAt, ...row }): EventCategoryRow => ({ ...row, createdAt: isoTime(createdAt) }));
}

/** GET /event/category: searched by title (event_categories_title_trgm_idx), filtered by status, newest first. */
export function eventCategoryList(
  db: Database,
  query: EventCategoryApiQuery,
): Promise<Paged<EventCategoryRow>> {
  const where = and(
    statusWhere(eventCategories.status, query.status),
    searchWhere(query.search, eventCategories.title),
  );
  return pagedList(
    query,
    () => db.$count(eventCategories, where),
    (window) => rowsWhere(db, where, window),
  );
}

/** One category as the list shows it, or undefined. */
export async function eventCategoryRow(db: Executor, id: string): Promise<EventCategoryRow | undefined> {
  const [row] = await rowsWhere(db, eq(eventCategories.id, id), { limit: 1, offset: 0 });
  return row;
}
