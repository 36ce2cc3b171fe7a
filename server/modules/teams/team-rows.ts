import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Paged } from '../../../contract/envelope.ts';
import type { TeamDetail, TeamListQuery, TeamOption, TeamRow } from '../../../contract/teams.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere, statusWhere } from '../../db/paged-list.ts';
import { courses } from '../../db/schema/courses.ts';
import { membershipLevels, membershipRoles } from '../../db/schema/lookups.ts';
import {
  teamAssignableGroups,
  teamCourses,
  teamLeads,
  teamMembers,
  teamMembershipRoles,
  teamMemberTeams,
  teams,
} from '../../db/schema/teams.ts';
import { userGroups } from '../../db/schema/user-groups.ts';
import { users } from '../../db/schema/users.ts';

/** How a user reads in the team form's pickers: the email tells apart two people of one name. */
export const userLabel = sql<string>`${users.firstName} || ' ' || ${users.lastName} || ' (' || ${users.email} || ')'`;

/** Written out, as drizzle leaves a single table's columns unqualified and a subquery would read its own `id`. */
const teamIdRef = sql.raw('"teams"."id"');

const leadsOfTeam = sql<TeamOption[]>`(
  select coalesce(json_agg(json_build_object('_id', u.id, 'label', u.first_name || ' ' || u.last_name)
    order by u.last_name, u.first_name, u.id), '[]'::json)
  from ${teamLeads} tl join ${users} u on u.id = tl.user_id
  where tl.team_id = ${teamIdRef})`;

/** Users of a 'users' team, member teams of a 'teams' team. */
const memberCount = sql<number>`case when ${teams.teamMemberType} = 'teams'
  then (select count(*) from ${teamMemberTeams} mt where mt.team_id = ${teamIdRef})
  else (select count(*) from ${teamMembers} m where m.team_id = ${teamIdRef}) end`.mapWith(Number);

const rowColumns = {
  _id: teams.id,
  title: teams.title,
  teamName: teams.teamName,
  teamMemberType: teams.teamMemberType,
  teamLeads: leadsOfTeam,
  memberCount,
  status: teams.status,
  version: teams.version,
  createdAt: sql<string>`to_char(${teams.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

/** GET /team: newest first, one page read with LIMIT/OFFSET after one count. */
export function teamPage(db: Database, query: TeamListQuery): Promise<Paged<TeamRow>> {
  const where = and(
    statusWhere(teams.status, query.status),
    searchWhere(query.search, teams.title, teams.teamName),
    query.teamMemberType === 'all' ? undefined : eq(teams.teamMemberType, query.teamMemberType),
    query.lead
      ? sql`exists (select 1 from ${teamLeads} l where l.team_id = ${teamIdRef} and l.user_id = ${query.lead})`
      : undefined,
  );
  return pagedList(
    query,
    () => db.$count(teams, where),
    ({ limit, offset }) => {
      // The page's ids first: PostgreSQL would otherwise work out the leads and member counts of
      // every row OFFSET skips, and a late page would cost as much as all the pages before it.
      const page = db
        .select({ id: sql<string>`${teams.id}`.as('page_id') })
        .from(teams)
        .where(where)
        .orderBy(desc(teams.createdAt), desc(teams.id))
        .limit(limit)
        .offset(offset)
        .as('page');
      return db
        .select(rowColumns)
        .from(teams)
        .innerJoin(page, eq(page.id, teams.id))
        .orderBy(desc(teams.createdAt), desc(teams.id));
    },
  );
}

export async function teamRow(db: Database, id: string): Promise<TeamRow | undefined> {
  const [row] = await db.select(rowColumns).from(teams).where(eq(teams.id, id)).limit(1);
  return row;
}

/** The record the team form opens with, or undefined when there is no such team. */
export async function teamDetail(db: Database, id: string): Promise<TeamDetail | undefined> {
  const [row] = await db
    .select({ ...rowColumns, membershipLevelId: teams.membershipLevelId })
    .from(teams)
    .where(eq(teams.id, id))
    .limit(1);
  if (!row) return undefined;
  const { memberCount: _count, membershipLevelId, ...team } = row;
  const [leads, members, groups, courseRows, roles, level] = await Promise.all([
    db
      .select({ _id: users.id, label: userLabel })
      .from(teamLeads)
      .innerJoin(users, eq(users.id, teamLeads.userId))
      .where(eq(teamLeads.teamId, id))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
    team.teamMemberType === 'teams'
      ? db
          .select({ _id: teams.id, label: teams.title })
          .from(teamMemberTeams)
          .innerJoin(teams, eq(teams.id, teamMemberTeams.memberTeamId))
          .where(eq(teamMemberTeams.teamId, id))
          .orderBy(asc(teams.title), asc(teams.id))
      : db
          .select({ _id: users.id, label: userLabel })
          .from(teamMembers)
          .innerJoin(users, eq(users.id, teamMembers.userId))
          .where(eq(teamMembers.teamId, id))
          .orderBy(asc(teamMembers.sortLast), asc(teamMembers.sortFirst), asc(teamMembers.userId)),
    db
      .select({ _id: userGroups.id, label: userGroups.name })
      .from(teamAssignableGroups)
      .innerJoin(userGroups, eq(userGroups.id, teamAssignableGroups.groupId))
      .where(eq(teamAssignableGroups.teamId, id))
      .orderBy(asc(userGroups.name)),
    db
      .select({ _id: courses.id, label: courses.name })
      .from(teamCourses)
      .innerJoin(courses, eq(courses.id, teamCourses.courseId))
      .where(eq(teamCourses.teamId, id))
      .orderBy(asc(courses.name)),
    db
      .select({ _id: membershipRoles.id, label: membershipRoles.name })
      .from(teamMembershipRoles)
      .innerJoin(membershipRoles, eq(membershipRoles.id, teamMembershipRoles.roleId))
      .where(eq(teamMembershipRoles.teamId, id))
      .orderBy(asc(membershipRoles.name)),
    membershipLevelId
      ? db
          .select({ _id: membershipLevels.id, label: membershipLevels.name })
          .from(membershipLevels)
          .where(eq(membershipLevels.id, membershipLevelId))
      : Promise.resolve([]),
  ]);
  return {
    ...team,
    teamLeads: leads,
    teamMembers: members,
    assignableGroups: groups,
    assignableCourses: courseRows,
    membershipRoles: roles,
    teamMembership: level[0] ?? null,
  };
}
