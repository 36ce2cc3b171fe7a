import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FieldErrors } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { type TeamOutput, type TeamUpdateOutput, teamMessages } from '../../../contract/teams.ts';
import { leaveTeamAssignments } from '../../db/assignments.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
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
import { ApiError } from '../../http/errors.ts';

const unique = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

/**
 * The form's lists without repeats, ids in lower case as the database returns them. No
 * `teamMembersIds` (an update of a team of users): the members stay as they are.
 */
export type CheckedTeam = Omit<TeamOutput, 'version' | 'teamMembersIds'> & { teamMembersIds?: string[] };

async function allExist(db: Database, table: PgTable, id: PgColumn, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  return (await db.$count(table, inArray(id, ids))) === ids.length;
}

/**
 * Whether `teamId` is one of `memberTeamIds` or inside one of them at any depth: a team made of
 * teams must not end up containing itself through a loop.
 */
async function containsTeam(db: Database, memberTeamIds: string[], teamId: string): Promise<boolean> {
  if (memberTeamIds.includes(teamId)) return true;
  if (memberTeamIds.length === 0) return false;
  const members = sql.join(
    memberTeamIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [row] = await queryRows<{ loops: boolean }>(
    db,
    sql`with recursive inside(id) as (
        select member_team_id from ${teamMemberTeams} where team_id in (${members})
        union
        select m.member_team_id from ${teamMemberTeams} m join inside on m.team_id = inside.id
      )
      select exists (select 1 from inside where id = ${teamId}::uuid) as loops`,
  );
  return row?.loops === true;
}

/**
 * Every id of the form must name a record: one that does not gets 422 under its field, with the
 * field's own message (the picker offered something that is gone). `teamId` is the team being
 * edited, which cannot be one of its own member teams.
 */
export async function checkTeam(
  db: Database,
  input: TeamOutput | Omit<TeamUpdateOutput, 'version'>,
  teamId?: string,
): Promise<CheckedTeam> {
  const kept = input.teamMembersIds === undefined;
  const team: CheckedTeam = {
    title: input.title,
    teamName: input.teamName,
    teamMemberType: input.teamMemberType,
    teamLeadId: unique(input.teamLeadId),
    teamMembersIds: kept ? undefined : unique(input.teamMembersIds ?? []),
    assignableGroupId: unique(input.assignableGroupId),
    assignableCoursesId: unique(input.assignableCoursesId),
    membershipRoleId: unique(input.membershipRoleId),
    teamMembershipId: input.teamMembershipId.toLowerCase(),
  };
  const membersAreTeams = team.teamMemberType === 'teams';
  const memberIds = team.teamMembersIds ?? [];
  const [leads, members, groups, courseIds, roles, level] = await Promise.all([
    allExist(db, users, users.id, team.teamLeadId),
    membersAreTeams ? allExist(db, teams, teams.id, memberIds) : allExist(db, users, users.id, memberIds),
    allExist(db, userGroups, userGroups.id, team.assignableGroupId),
    allExist(db, courses, courses.id, team.assignableCoursesId),
    allExist(db, membershipRoles, membershipRoles.id, team.membershipRoleId),
    allExist(db, membershipLevels, membershipLevels.id, [team.teamMembershipId]),
  ]);
  const errors: FieldErrors = {};
  if (!leads) errors.teamLeadId = teamMessages.teamLeadRequired;
  if (!members) errors.teamMembersIds = teamMessages.teamMembersRequired;
  if (membersAreTeams && teamId && (await containsTeam(db, memberIds, teamId)))
    errors.teamMembersIds = teamMessages.teamNotSelf;
  // Keeping the members is for a team of users that stays one; a change of kind names its members.
  if (kept && (membersAreTeams || !teamId || !(await isTeamOfUsers(db, teamId))))
    errors.teamMembersIds = teamMessages.teamMembersRequired;
  if (!groups) errors.assignableGroupId = teamMessages.assignableGroupRequired;
  if (!courseIds) errors.assignableCoursesId = teamMessages.coursesRequired;
  if (!roles) errors.membershipRoleId = teamMessages.membershipRoleRequired;
  if (!level) errors.teamMembershipId = teamMessages.membershipLevelRequired;
  if (Object.keys(errors).length > 0) throw new ApiError(422, messages.validationFailed, errors);
  return team;
}

async function isTeamOfUsers(db: Database, teamId: string): Promise<boolean> {
  return (await db.$count(teams, and(eq(teams.id, teamId), eq(teams.teamMemberType, 'users')))) === 1;
}

/** Makes a link table's rows of the team exactly `ids`, keeping the rows that stay. */
async function syncLinks<T extends PgTable>(
  tx: Transaction,
  table: T,
  teamColumn: PgColumn,
  otherColumn: PgColumn,
  teamId: string,
  ids: string[],
  row: (id: string) => T['$inferInsert'],
) {
  await tx
    .delete(table)
    .where(and(eq(teamColumn, teamId), ids.length > 0 ? notInArray(otherColumn, ids) : undefined));
  if (ids.length > 0) await tx.insert(table).values(ids.map(row)).onConflictDoNothing();
}

/**
 * Users leaving the team leave the assignments its lead made for them by name too, and lose it as
 * their default team, as when a lead removes them on the team dashboard.
 */
async function syncUserMembers(tx: Transaction, teamId: string, userIds: string[]) {
  const leaving = tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.teamId, teamId),
        userIds.length > 0 ? notInArray(teamMembers.userId, userIds) : undefined,
      ),
    );
  await tx.execute(leaveTeamAssignments(teamId, leaving.getSQL()));
  await tx
    .update(users)
    .set({ defaultTeamId: null, updatedAt: sql`now()` })
    .where(and(eq(users.defaultTeamId, teamId), inArray(users.id, leaving)));
  await syncLinks(tx, teamMembers, teamMembers.teamId, teamMembers.userId, teamId, userIds, (userId) => ({
    teamId,
    userId,
  }));
}

/** Writes the team's leads, members and choices to match the checked form. */
export async function writeTeamLinks(tx: Transaction, teamId: string, team: CheckedTeam) {
  const usersAreMembers = team.teamMemberType === 'users';
  await syncLinks(tx, teamLeads, teamLeads.teamId, teamLeads.userId, teamId, team.teamLeadId, (userId) => ({
    teamId,
    userId,
  }));
  // A team's members are either users or teams: switching the type empties the other kind.
  if (team.teamMembersIds) {
    await syncUserMembers(tx, teamId, usersAreMembers ? team.teamMembersIds : []);
    await syncLinks(
      tx,
      teamMemberTeams,
      teamMemberTeams.teamId,
      teamMemberTeams.memberTeamId,
      teamId,
      usersAreMembers ? [] : team.teamMembersIds,
      (memberTeamId) => ({ teamId, memberTeamId }),
    );
  }
  await syncLinks(
    tx,
    teamAssignableGroups,
    teamAssignableGroups.teamId,
    teamAssignableGroups.groupId,
    teamId,
    team.assignableGroupId,
    (groupId) => ({ teamId, groupId }),
  );
  await syncLinks(
    tx,
    teamCourses,
    teamCourses.teamId,
    teamCourses.courseId,
    teamId,
    team.assignableCoursesId,
    (courseId) => ({ teamId, courseId }),
  );
  await syncLinks(
    tx,
    teamMembershipRoles,
    teamMembershipRoles.teamId,
    teamMembershipRoles.roleId,
    teamId,
    team.membershipRoleId,
    (roleId) => ({ teamId, roleId }),
  );
}

/** The team's own columns from the checked form. */
export const teamValues = (team: CheckedTeam) => ({
  title: team.title,
  teamName: team.teamName,
  teamMemberType: team.teamMemberType,
  membershipLevelId: team.teamMembershipId,
});

/**
 * A copy of the team with its settings, leads and members, under a new title. Link rows are
 * copied by INSERT … SELECT, so a large team is copied inside the database.
 */
export async function duplicateTeam(
  tx: Transaction,
  sourceId: string,
  names: { title: string; teamName: string },
): Promise<string> {
  const [source] = await tx.select().from(teams).where(eq(teams.id, sourceId)).limit(1);
  if (!source) throw new ApiError(404, messages.notFound);
  const [copy] = await tx
    .insert(teams)
    .values({
      title: names.title,
      teamName: names.teamName || source.teamName,
      status: source.status,
      teamMemberType: source.teamMemberType,
      membershipLevelId: source.membershipLevelId,
    })
    .returning({ id: teams.id });
  if (!copy) throw new ApiError(404, messages.notFound);
  const links: [string, string][] = [
    ['team_leads', 'user_id'],
    ['team_members', 'user_id'],
    ['team_member_teams', 'member_team_id'],
    ['team_assignable_groups', 'group_id'],
    ['team_courses', 'course_id'],
    ['team_membership_roles', 'role_id'],
  ];
  for (const [table, column] of links) {
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (team_id, ${sql.identifier(column)})
        select ${copy.id}, ${sql.identifier(column)} from ${sql.identifier(table)} where team_id = ${sourceId}`,
    );
  }
  return copy.id;
}
