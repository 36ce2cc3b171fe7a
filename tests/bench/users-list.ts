import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import type { Paged } from '../../contract/envelope.ts';
import type { UserListQuery, UserRow } from '../../contract/users.ts';
import { userPaths } from '../../contract/users.ts';
import { membershipLevels } from '../../server/db/schema/lookups.ts';
import { userGroups } from '../../server/db/schema/user-groups.ts';
import { userPage } from '../../server/modules/users/user-list.ts';
import { median, openUsersBench } from './support/users-app.ts';

const USERS = 100_000;
const RUNS = 30;
const WARM_UP = 5;
const TARGET_RATIO = 1.5;

/**
 * The users list with 100,000 users (limit 20, a search term and two filters): served by the API
 * (app.request: auth, permission check, validation, JSON) against the same SQL run directly
 * (userPage, the count and the page query), measured alternately so a busy machine slows both
 * alike.
 */
export async function usersList() {
  const bench = await openUsersBench(USERS);
  try {
    const [group] = await bench.db.select().from(userGroups).where(eq(userGroups.name, 'Sales'));
    const [level] = await bench.db.select().from(membershipLevels).where(eq(membershipLevels.name, 'Gold'));
    if (!group || !level) throw new Error('The demo groups and levels are missing');
    const query: UserListQuery = {
      page: 1,
      limit: 20,
      search: 'ella',
      status: 'all',
      user_group: group.id,
      membership: level.id,
      membership_role: undefined,
      administrative: undefined,
    };
    const url = `${userPaths.list}?limit=20&search=ella&user_group=${group.id}&membership=${level.id}`;

    let total = -1;
    const api = async () => {
      const started = performance.now();
      const response = await bench.get(url);
      const body = (await response.json()) as { results: Paged<UserRow> };
      const ms = performance.now() - started;
      if (response.status !== 200 || body.results.data.length !== 20)
        throw new Error(`Unexpected answer ${response.status}`);
      total = body.results.total;
      return ms;
    };
    const direct = async () => {
      const started = performance.now();
      const page = await userPage(bench.db, query);
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
      `Users list of ${USERS.toLocaleString('en')} users (${bench.driver}), limit 20, search "ella" + group + level (${total} matches), median of ${RUNS}`,
    );
    console.log(`  seeding took ${(bench.seedMs / 1000).toFixed(1)} s`);
    console.log(
      `  API: ${figures.apiMs.toFixed(1)} ms, same SQL directly: ${figures.sqlMs.toFixed(1)} ms, ratio ${figures.ratio.toFixed(2)}x (${verdict} the ${TARGET_RATIO}x target)`,
    );
    return figures;
  } finally {
    await bench.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await usersList();
