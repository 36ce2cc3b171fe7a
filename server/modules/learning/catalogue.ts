import { sql } from 'drizzle-orm';
import type { CatalogueCourse, CatalogueResult } from '../../../contract/learning/resource.ts';
import type { CatalogueQuery } from '../../../contract/learning/schemas.ts';
import { categorySubtree } from '../../db/category-tree.ts';
import type { Database } from '../../db/client.ts';
import {
  courseInScope,
  courseProgressRows,
  type ProgressRow,
  toLearnerCourse,
} from '../../db/learner-progress.ts';
import { queryRows } from '../../db/rows.ts';
import { containsPattern } from '../../db/search.ts';
import { signFileUrl } from '../../files/signed-url.ts';
import { uuid } from './course-access.ts';

type Row = {
  course_count: number;
  id: string | null;
  name: string;
  description: string;
  duration_minutes: number | null;
  image_key: string | null;
  category_id: string | null;
  category_name: string | null;
} & Partial<ProgressRow>;

/**
 * GET /user-portal/course: the courses in the learner's scope by name, searched by name (the
 * trigram index), filtered by a category and its subcategories, with their progress. One
 * statement: the count and the page come out together (a page past the end still carries the
 * total), and the progress is worked out for the page's courses only.
 */
export async function catalogue(
  db: Database,
  userId: string,
  query: CatalogueQuery,
  now: Date,
): Promise<CatalogueResult> {
  const user = uuid(userId);
  const offset = (query.page - 1) * query.limit;
  const filters = sql.join(
    [
      courseInScope(user, sql`c`),
      query.search ? sql`c.name ilike ${containsPattern(query.search)}` : sql`true`,
      query.category ? sql`c.category_id in ${categorySubtree(query.category)}` : sql`true`,
    ],
    sql` and `,
  );
  const rows = await queryRows<Row>(
    db,
    sql`with matching as (select c.id, c.name from courses c where ${filters}),
        page as (
          select m.id from matching m order by lower(m.name), m.id limit ${query.limit} offset ${offset}),
        progress as (${courseProgressRows(user, sql`select id from page`, now)})
        select n.course_count, c.id, c.name, c.description, c.duration_minutes, c.image_key, c.category_id, cat.name as category_name, pr.*
          from (select count(*)::int as course_count from matching) n
          left join page on true
          left join courses c on c.id = page.id
          left join course_categories cat on cat.id = c.category_id
          left join progress pr on pr.course_id = c.id
         order by lower(c.name), c.id`,
  );
  const total = rows[0]?.course_count ?? 0;
  const data = await Promise.all(
    rows.flatMap((row): Promise<CatalogueCourse>[] => {
      if (row.id === null) return [];
      return [card({ db }, row as Row & ProgressRow & { id: string })];
    }),
  );
  return { data, page: query.page, limit: query.limit, totalPages: Math.ceil(total / query.limit), total };
}

/** A row as its card shows it, the image behind a signed link. */
async function card(
  deps: { db: Database },
  row: Row & ProgressRow & { id: string },
): Promise<CatalogueCourse> {
  const course = toLearnerCourse(row);
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    durationMinutes: row.duration_minutes,
    imageUrl: row.image_key ? await signFileUrl(deps, row.image_key) : null,
    category: row.category_id && row.category_name ? { _id: row.category_id, name: row.category_name } : null,
    assigned: course.assigned,
    progress: course.progress,
  };
}
