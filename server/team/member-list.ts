import { type SQL, sql } from 'drizzle-orm';
import type { Paged } from '../../contract/envelope.ts';
import type { MemberListQuery, MemberSort, TeamMemberCard } from '../../contract/team-dashboard.ts';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { containsPattern } from '../db/search.ts';
import {
  type CardRow,
  cardColumns,
  cardJoins,
  checklistsCompletedCount,
  coursesCompletedCount,
  toCard,
} from './progress.ts';

/** The sort key a progress sort needs for every matching member, before the page is cut. */
const progressKey: Partial<Record<MemberSort, { count: SQL; direction: SQL }>> = {
  'most-course': { count: coursesCompletedCount(sql`u.id`), direction: sql`desc` },
  completed: { count: coursesCompletedCount(sql`u.id`), direction: sql`asc` },
  most: { count: checklistsCompletedCount(sql`u.id`), direction: sql`desc` },
  least: { count: checklistsCompletedCount(sql`u.id`), direction: sql`asc` },
};

/** Matching members of the team, aliased u, as WHERE conditions. */
function conditions(teamId: string, query: MemberListQuery): SQL {
  const parts = [sql`tm.team_id = ${teamId}`];
  if (query.search) {
    const pattern = containsPattern(query.search);
    parts.push(sql`(u.first_name ilike ${pattern} or u.last_name ilike ${pattern}
      or (u.first_name || ' ' || u.last_name) ilike ${pattern} or u.email ilike ${pattern})`);
  }
  if (query.role !== 'all') {
    parts.push(sql`exists (select 1 from user_membership_roles r
      where r.user_id = u.id and r.role_id = ${query.role})`);
  }
  if (query.department !== 'all') parts.push(sql`u.department_id = ${query.department}`);
  if (query.location !== 'all') parts.push(sql`u.location_id = ${query.location}`);
  return sql.join(parts, sql` and `);
}

/**
 * One page of a team's member cards and the number of matches, in one statement (a deferred
 * join): the inner query orders the matching members by the sort key alone and cuts the page with
 * LIMIT/OFFSET, together with a window count; only the page's rows (at most `limit`) then get the
 * per-member progress numbers through LATERAL subqueries. Name sorts are case-insensitive with the
 * id as the last key, so equal names keep one order from page to page; descending is the exact
 * reverse of ascending. Progress sorts compute the one count they sort by for every match (an
 * index lookup or two per member) and break ties by name.
 */
export async function memberPage(
  db: Database,
  teamId: string,
  query: MemberListQuery,
): Promise<Paged<TeamMemberCard>> {
  const where = conditions(teamId, query);
  const key = progressKey[query.sort];
  const nameDirection = query.sort === 'descending' ? sql`desc` : sql`asc`;
  const sortCount = key ? sql`, ${key.count} as sort_count` : sql``;
  const order = (alias: SQL) => {
    const byName = sql`${alias}last_key ${nameDirection}, ${alias}first_key ${nameDirection}, ${alias}id ${nameDirection}`;
    return key ? sql`${alias}sort_count ${key.direction}, ${byName}` : byName;
  };
  const offset = (query.page - 1) * query.limit;

  const rows = await queryRows<CardRow & { total: number }>(
    db,
    sql`
    with page as (
      select u.id, lower(u.last_name) as last_key, lower(u.first_name) as first_key${sortCount},
             count(*) over ()::int as total
        from team_members tm
        join users u on u.id = tm.user_id
       where ${where}
       order by ${order(sql``)}
       limit ${query.limit} offset ${offset}
    )
    select page.total, ${cardColumns}
      from page
      join users u on u.id = page.id
      ${cardJoins}
     order by ${order(sql`page.`)}`,
  );

  // A page past the end has no row to carry the count.
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [count] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from team_members tm join users u on u.id = tm.user_id where ${where}`,
    );
    total = count?.total ?? 0;
  }
  return {
    data: rows.map(toCard),
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
    total,
  };
}
