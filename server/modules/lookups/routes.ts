import { vValidator } from '@hono/valibot-validator';
import { asc, ilike, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiSuccess, LookupPage } from '../../../contract/envelope.ts';
import {
  type Department,
  type Location,
  lookupQuerySchema,
  type MembershipLevel,
  type MembershipRole,
} from '../../../contract/lookups.ts';
import { messages } from '../../../contract/messages.ts';
import { paths } from '../../../contract/paths.ts';
import type { Database } from '../../db/client.ts';
import { departments, locations, membershipLevels, membershipRoles } from '../../db/schema/lookups.ts';
import { containsPattern } from '../../db/search.ts';
import { allow, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { validationHook } from '../../http/validate.ts';

type TitledTable = typeof locations | typeof departments;

/**
 * The page and the number of matches from one query (a window count); only a page past the end,
 * which has no row to carry the count, costs a second query.
 */
async function titlePage(
  db: Database,
  table: TitledTable,
  query: { page: number; limit: number; search: string },
): Promise<LookupPage<{ _id: string; title: string }>> {
  const where = query.search ? ilike(table.title, containsPattern(query.search)) : undefined;
  const offset = (query.page - 1) * query.limit;
  const rows = await db
    .select({ _id: table.id, title: table.title, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(table)
    .where(where)
    .orderBy(asc(table.title), asc(table.id))
    .limit(query.limit)
    .offset(offset);
  const total = rows[0]?.total ?? (offset === 0 ? 0 : await db.$count(table, where));
  return {
    data: rows.map(({ _id, title }) => ({ _id, title })),
    page: query.page,
    limit: query.limit,
    totalPage: Math.ceil(total / query.limit),
    total,
  };
}

export function lookupRoutes({ db }: AppDeps) {
  const auth = allow(db, signedIn);
  const query = vValidator('query', lookupQuerySchema, validationHook);
  return new Hono<AppEnv>()
    .get(paths.location, auth, query, async (c) => {
      const results: LookupPage<Location> = await titlePage(db, locations, c.req.valid('query'));
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<LookupPage<Location>>);
    })
    .get(paths.department, auth, query, async (c) => {
      const results: LookupPage<Department> = await titlePage(db, departments, c.req.valid('query'));
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<LookupPage<Department>>);
    })
    .get(paths.role, auth, async (c) => {
      const results: MembershipRole[] = await db
        .select({ _id: membershipRoles.id, name: membershipRoles.name })
        .from(membershipRoles)
        .orderBy(asc(membershipRoles.name));
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<MembershipRole[]>);
    })
    .get(paths.membership, auth, async (c) => {
      const results: MembershipLevel[] = await db
        .select({ _id: membershipLevels.id, name: membershipLevels.name })
        .from(membershipLevels)
        .orderBy(asc(membershipLevels.name));
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<MembershipLevel[]>);
    });
}
