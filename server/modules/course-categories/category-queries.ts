import { and, type SQL, sql } from 'drizzle-orm';
import type { CourseCategoryListQuery } from '../../../contract/course-categories/list-query.ts';
import {
  CATEGORY_PATH_SEPARATOR,
  type CourseCategoryOption,
  type CourseCategoryRow,
} from '../../../contract/course-categories/resource.ts';
import type { Paged } from '../../../contract/envelope.ts';
import { categorySubtree } from '../../db/category-tree.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere, statusWhere } from '../../db/paged-list.ts';
import { isoTime, queryRows } from '../../db/rows.ts';
import { courseCategories } from '../../db/schema/course-categories.ts';

/** Deeper than any real tree; a guard that ends a walk should a loop ever be written by hand. */
const MAX_DEPTH = 64;

type Executor = Pick<Database, 'execute'>;

/** The titles from the top of the tree down to the category whose id is `id`, joined by ' / '. */
const pathOf = (id: SQL) => sql<string>`(
  with recursive up(id, parent_id, name, depth) as (
    select c.id, c.parent_id, c.name, 0 from course_categories c where c.id = ${id}
    union all
    select p.id, p.parent_id, p.name, up.depth + 1
    from course_categories p join up on p.id = up.parent_id
    where up.depth < ${MAX_DEPTH}
  )
  select string_agg(up.name, ${CATEGORY_PATH_SEPARATOR} order by up.depth desc) from up
)`;

type RawRow = Omit<CourseCategoryRow, 'createdAt'> & { createdAt: Date | string };
const toRow = ({ createdAt, ...row }: RawRow): CourseCategoryRow => ({
  ...row,
  createdAt: isoTime(createdAt),
});

/** Rows of the categories `where` selects, newest first, each with its path: paths only for the page. */
async function rowsWhere(db: Executor, where: SQL | undefined, window: { limit: number; offset: number }) {
  const rows = await queryRows<RawRow>(
    db as Database,
    sql`select page.id as "_id", page.name, page.parent_id as "parentId", page.status, page.version,
          page.created_at as "createdAt", ${pathOf(sql`page.id`)} as path
        from (
          select * from course_categories ${where ? sql`where ${where}` : sql``}
          order by created_at desc, id desc limit ${window.limit} offset ${window.offset}
        ) page
        order by page.created_at desc, page.id desc`,
  );
  return rows.map(toRow);
}

/** GET /course-category: searched by title, filtered by status, newest first. */
export function categoryList(
  db: Database,
  query: CourseCategoryListQuery,
): Promise<Paged<CourseCategoryRow>> {
  const where = and(
    statusWhere(courseCategories.status, query.status),
    searchWhere(query.search, courseCategories.name),
  );
  return pagedList(
    query,
    () => db.$count(courseCategories, where),
    (window) => rowsWhere(db, where, window),
  );
}

/** One category as the list shows it, or undefined. */
export async function categoryRow(db: Executor, id: string): Promise<CourseCategoryRow | undefined> {
  const [row] = await rowsWhere(db, sql`id = ${id}`, { limit: 1, offset: 0 });
  return row;
}

/** Whether `parent` is `category` or lies under it: hanging `category` there would make a loop. */
export async function wouldLoop(db: Executor, category: string, parent: string): Promise<boolean> {
  const [row] = await queryRows<{ loops: boolean }>(
    db as Database,
    sql`select ${parent}::uuid in ${categorySubtree(category)} as loops`,
  );
  return row?.loops ?? false;
}

/**
 * GET /course-category/parent: the categories `category` may hang under (any, for a new one),
 * searched by title, by title then path.
 */
export function parentOptions(
  db: Database,
  query: { categoryId?: string; search: string; page: number; limit: number },
): Promise<Paged<CourseCategoryOption>> {
  return optionList(
    db,
    query,
    query.categoryId ? sql`id not in ${categorySubtree(query.categoryId)}` : undefined,
  );
}

/** GET /course-category/info: the published categories, for pickers in other forms. */
export function publishedOptions(
  db: Database,
  query: { search: string; page: number; limit: number },
): Promise<Paged<CourseCategoryOption>> {
  return optionList(db, query, sql`status`);
}

function optionList(
  db: Database,
  query: { search: string; page: number; limit: number },
  condition: SQL | undefined,
): Promise<Paged<CourseCategoryOption>> {
  const where = and(condition, searchWhere(query.search, courseCategories.name));
  return pagedList(
    query,
    () => db.$count(courseCategories, where),
    ({ limit, offset }) =>
      queryRows<CourseCategoryOption>(
        db,
        sql`select page.id as "_id", page.name, ${pathOf(sql`page.id`)} as path
            from (
              select id, name from course_categories ${where ? sql`where ${where}` : sql``}
              order by lower(name), id limit ${limit} offset ${offset}
            ) page
            order by lower(page.name), page.id`,
      ),
  );
}

/** Of `ids`, those with a subcategory that is not among them: deleting them would orphan it. */
export async function parentsLeftBehind(db: Executor, ids: string[]): Promise<string[]> {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string }>(
    db as Database,
    sql`select distinct parent_id as id from course_categories
        where parent_id in (${list}) and id not in (${list})`,
  );
  return rows.map((row) => row.id);
}

/** The courses filed under any of the categories `ids`: a delete must not leave them without one. */
export async function coursesLeftBehind(db: Executor, ids: string[]): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db as Database,
    sql`select count(*)::int as count from courses where category_id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return row?.count ?? 0;
}
