import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { CourseListQuery } from '../../contract/courses/list-query.ts';
import { type CourseRow, coursePaths } from '../../contract/courses/resource.ts';
import type { Paged } from '../../contract/envelope.ts';
import { coursesList } from '../../server/modules/courses/queries.ts';
import { median, openUsersBench } from './support/users-app.ts';

const COURSES = 10_000;
const RUNS = 30;
const WARM_UP = 5;
const TARGET_RATIO = 1.5;
const SEARCH = 'Module 7';

/**
 * The courses list over 10,000 courses spread over the demo categories (every third disabled),
 * limit 20, with a search term, a category filter (the Safety category with its subcategories) and
 * a status filter: served by the API (app.request: auth, permission check, validation, JSON)
 * against the same SQL run directly (coursesList: the count and the page query with each row's
 * category path and outline count), measured alternately so a busy machine slows both alike.
 */
export async function coursesListBench() {
  const bench = await openUsersBench(0);
  try {
    const seedStart = performance.now();
    await bench.db.execute(sql`
      insert into courses (name, category_id, status, created_at)
      select 'Module ' || n || ' of ' || c.name, c.id, n % 3 <> 0, now() - n * interval '1 minute'
      from generate_series(1, ${COURSES}) n
      join lateral (
        select id, name from course_categories
        order by id offset (n % (select count(*) from course_categories)::int) limit 1
      ) c on true`);
    await bench.db.execute(sql`analyze courses`);
    const seedMs = performance.now() - seedStart;
    const [{ count } = { count: 0 }] = (
      (await bench.db.execute(sql`select count(*)::int as count from courses`)) as unknown as {
        rows: { count: number }[];
      }
    ).rows;
    const [safety] = (
      (await bench.db.execute(
        sql`select id from course_categories where name = 'Safety' and parent_id is null`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    if (!safety) throw new Error('No Safety category seeded');

    const query: CourseListQuery = {
      page: 1,
      limit: 20,
      search: SEARCH,
      status: 'true',
      courseCategoryInfo: safety.id,
    };
    const url = `${coursePaths.list}?limit=20&status=true&courseCategoryInfo=${safety.id}&search=${encodeURIComponent(SEARCH)}`;
    let total = -1;
    const api = async () => {
      const started = performance.now();
      const response = await bench.get(url);
      const body = (await response.json()) as { results: Paged<CourseRow> };
      const ms = performance.now() - started;
      if (response.status !== 200 || body.results.data.length !== 20)
        throw new Error(`Unexpected answer ${response.status}`);
      if (!body.results.data.every((row) => row.status && row.categoryPath?.startsWith('Safety')))
        throw new Error('Each row should be enabled and under Safety');
      total = body.results.total;
      return ms;
    };
    const direct = async () => {
      const started = performance.now();
      const page = await coursesList(bench.db, query);
      const ms = performance.now() - started;
      if (page.data.length !== 20) throw new Error('Unexpected page');
      return ms;
    };

    for (let run = 0; run < WARM_UP; run += 1) {
      await api();
      await direct();
    }
    const apiMs: number[] = [];
    const sqlMs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      apiMs.push(await api());
      sqlMs.push(await direct());
    }
    const figures = {
      apiMs: median(apiMs),
      sqlMs: median(sqlMs),
      ratio: median(apiMs) / median(sqlMs),
      total,
    };
    const verdict = figures.ratio <= TARGET_RATIO ? 'within' : 'OVER';
    console.log(
      `Courses list of ${count.toLocaleString('en')} courses (${bench.driver}), limit 20, search "${SEARCH}", category Safety with its subcategories, enabled only (${total} matches), median of ${RUNS}`,
    );
    console.log(`  seeding took ${(seedMs / 1000).toFixed(1)} s`);
    console.log(
      `  API: ${figures.apiMs.toFixed(1)} ms, same SQL directly: ${figures.sqlMs.toFixed(1)} ms, ratio ${figures.ratio.toFixed(2)}x (${verdict} the ${TARGET_RATIO}x target)`,
    );
    return figures;
  } finally {
    await bench.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await coursesListBench();
