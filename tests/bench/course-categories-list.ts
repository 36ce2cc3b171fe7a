import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { CourseCategoryListQuery } from '../../contract/course-categories/list-query.ts';
import { type CourseCategoryRow, courseCategoryPaths } from '../../contract/course-categories/resource.ts';
import type { Paged } from '../../contract/envelope.ts';
import { categoryList } from '../../server/modules/course-categories/category-queries.ts';
import { median, openUsersBench } from './support/users-app.ts';

const TOP = 100;
const CHILDREN = 10;
const GRANDCHILDREN = 9;
const RUNS = 30;
const WARM_UP = 5;
const TARGET_RATIO = 1.5;

/**
 * The course categories list over 10,100 categories three levels deep (100 top-level, 10 under
 * each, 9 under each of those), limit 20 with a search term: served by the API (app.request: auth,
 * permission check, validation, JSON) against the same SQL run directly (categoryList: the count
 * and the page query with each row's path), measured alternately so a busy machine slows both alike.
 */
export async function courseCategoriesList() {
  const bench = await openUsersBench(0);
  try {
    const seedStart = performance.now();
    await bench.db.execute(sql`
      insert into course_categories (name)
      select 'Area ' || a from generate_series(1, ${TOP}) a`);
    await bench.db.execute(sql`
      insert into course_categories (name, parent_id)
      select 'Topic ' || t, c.id from course_categories c, generate_series(1, ${CHILDREN}) t
      where c.name like 'Area %'`);
    await bench.db.execute(sql`
      insert into course_categories (name, parent_id)
      select 'Skill ' || s || ' of ' || c.name, c.id from course_categories c, generate_series(1, ${GRANDCHILDREN}) s
      where c.name like 'Topic %'`);
    await bench.db.execute(sql`analyze course_categories`);
    const seedMs = performance.now() - seedStart;
    const [{ count } = { count: 0 }] = (
      (await bench.db.execute(sql`select count(*)::int as count from course_categories`)) as unknown as {
        rows: { count: number }[];
      }
    ).rows;

    const query: CourseCategoryListQuery = { page: 1, limit: 20, search: 'Skill 7', status: 'all' };
    const url = `${courseCategoryPaths.list}?limit=20&search=${encodeURIComponent('Skill 7')}`;
    let total = -1;
    const api = async () => {
      const started = performance.now();
      const response = await bench.get(url);
      const body = (await response.json()) as { results: Paged<CourseCategoryRow> };
      const ms = performance.now() - started;
      if (response.status !== 200 || body.results.data.length !== 20)
        throw new Error(`Unexpected answer ${response.status}`);
      if (!body.results.data.every((row) => row.path.split(' / ').length === 3))
        throw new Error('Each row should carry its three-level path');
      total = body.results.total;
      return ms;
    };
    const direct = async () => {
      const started = performance.now();
      const page = await categoryList(bench.db, query);
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
      `Course categories list of ${count.toLocaleString('en')} categories three levels deep (${bench.driver}), limit 20, search "Skill 7" (${total} matches), median of ${RUNS}`,
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await courseCategoriesList();
