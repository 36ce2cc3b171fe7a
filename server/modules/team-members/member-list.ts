import { type SQL, sql } from 'drizzle-orm';
import type { Paged } from '../../../contract/envelope.ts';
import type { MemberListQuery, MemberSort, TeamMemberCard } from '../../../contract/team-dashboard.ts';
import type { Database } from '../../db/client.ts';
import {
  type CardRow,
  cardColumns,
  cardJoins,
  checklistsCompletedByMember,
  coursesCompletedByMember,
  toCard,
} from '../../db/progress.ts';
import { queryRows } from '../../db/rows.ts';
import { containsPattern } from '../../db/search.ts';

/** The count a progress sort orders by, for every matching member, before the page is cut. */
const progressSorts: Partial<
  Record<MemberSort, { counts: (members: SQL, now: Date) => SQL; direction: SQL }>
> = {
  'most-course': { counts: coursesCompletedByMember, direction: sql`desc` },
  completed: { counts: coursesCompletedByMember, direction: sql`asc` },
  most: { counts: checklistsCompletedByMember, direction: sql`desc` },
  least: { counts: checklistsCompletedByMember, direction: sql`asc` },
};

/** FROM and WHERE of the team's matching members (team_members tm, users u only when a filter reads it). */
function matching(teamId: string, query: MemberListQuery): SQL {
  const parts = [sql`tm.team_id = ${teamId}`];
  if (query.search) {
    const pattern = containsPattern(query.search);
    parts.push(sql`(u.first_name ilike ${pattern} or u.last_name ilike ${pattern}
      or (u.first_name || ' ' || u.last_name) ilike ${pattern} or u.email ilike ${pattern})`);
  }
  if (query.role !== 'all') {
    parts.push(sql`exists (select 1 from user_membership_roles r
      where r.user_id = tm.user_id and r.role_id = ${query.role})`);
  }
  if (query.department !== 'all') parts.push(sql`u.department_id = ${query.department}`);
  if (query.location !== 'all') parts.push(sql`u.location_id = ${query.location}`);
  const readsUser = query.search !== '' || query.department !== 'all' || query.location !== 'all';
  const users = readsUser ? sql`join users u on u.id = tm.user_id` : sql``;
  return sql`team_members tm ${users} where ${sql.join(parts, sql` and `)}`;
}

/**
 * The statement of one page of member cards, with the number of matches as a window count. It is
 * a deferred join: the page's member ids are chosen first from team_members alone, ordered by the
 * sort key, and only those rows (at most `limit`) get the card's progress numbers, through LATERAL
 * subqueries.
 *
 * Name sorts read team_members.sort_last/sort_first (lower-cased names kept there by triggers) with
 * the user id as the last key, so equal names keep one order from page to page and descending is
 * the exact reverse of ascending; without filters the index on (team_id, sort_last, sort_first,
 * user_id) yields the team in order, and page 400 of a 10,000-member team costs about what page 1
 * does (tests/bench/members-server.ts). Progress sorts count completions for every match set-based
 * (hash joins), then order by that count and break ties by name.
 */
export function memberPageQuery(teamId: string, query: MemberListQuery, now: Date): SQL {
  const from = matching(teamId, query);
  const direction = query.sort === 'descending' ? sql`desc` : sql`asc`;
  const byName = (alias: SQL) =>
    sql`${alias}sort_last ${direction}, ${alias}sort_first ${direction}, ${alias}user_id ${direction}`;
  const window = sql`limit ${query.limit} offset ${(query.page - 1) * query.limit}`;
  const cards = (order: SQL) => sql`
    select page.total, ${cardColumns}
      from page
      join users u on u.id = page.user_id
      ${cardJoins(now)}
     order by ${order}`;

  const progress = progressSorts[query.sort];
  if (!progress) {
    return sql`
      with page as (
        select tm.user_id, tm.sort_last, tm.sort_first, count(*) over ()::int as total
          from ${from}
         order by ${byName(sql`tm.`)}
         ${window}
      )
      ${cards(byName(sql`page.`))}`;
  }
  return sql`
    with members as (select tm.user_id, tm.sort_last, tm.sort_first from ${from}),
    counts as (${progress.counts(sql`select user_id from members`, now)}),
    page as (
      select m.user_id, m.sort_last, m.sort_first, coalesce(c.n, 0) as sort_count,
             count(*) over ()::int as total
        from members m
        left join counts c on c.user_id = m.user_id
       order by sort_count ${progress.direction}, ${byName(sql`m.`)}
       ${window}
    )
    ${cards(sql`page.sort_count ${progress.direction}, ${byName(sql`page.`)}`)}`;
}

/** One page of a team's member cards with the paging numbers; see memberPageQuery. */
export async function memberPage(
  db: Database,
  teamId: string,
  query: MemberListQuery,
  now: Date,
): Promise<Paged<TeamMemberCard>> {
  const rows = await queryRows<CardRow & { total: number }>(db, memberPageQuery(teamId, query, now));
  // A page past the end has no row to carry the count.
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [count] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from ${matching(teamId, query)}`,
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
