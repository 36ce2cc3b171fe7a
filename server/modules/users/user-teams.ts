import { and, asc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import type { TeamOptionQuery } from '../../../contract/teams.ts';
import { type UserTeam, type UserTeamOption, userMessages } from '../../../contract/users.ts';
import { idList, leaveTeamAssignments } from '../../db/assignments.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { pagedList, searchWhere } from '../../db/paged-list.ts';
import { teamLeads, teamMembers, teams } from '../../db/schema/teams.ts';
import { users } from '../../db/schema/users.ts';
import type { AuthState } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { administersTeams } from '../../http/team-access.ts';

/**
 * The teams the user form may put a user in or take them out of: teams of users (a team of teams
 * has no user members), all of them for a role that may edit teams (the team form could do the
 * same), otherwise those the caller leads. Anything else the user belongs to stays as it is.
 */
async function managedTeams(db: Database, caller: AuthState): Promise<SQL> {
  const ofUsers = eq(teams.teamMemberType, 'users');
  if (await administersTeams(db, caller, 'edit')) return ofUsers;
  const leads = db
    .select({ one: sql`1` })
    .from(teamLeads)
    .where(and(eq(teamLeads.teamId, teams.id), eq(teamLeads.userId, caller.userId)));
  return and(ofUsers, exists(leads)) as SQL;
}

/** GET /user/team/info: one page of the teams the caller may put users in, by title. */
export async function teamOptionPage(
  db: Database,
  caller: AuthState,
  { search, ...page }: TeamOptionQuery,
): Promise<Paged<UserTeamOption>> {
  const where = and(await managedTeams(db, caller), searchWhere(search, teams.title));
  return pagedList(
    page,
    () => db.$count(teams, where),
    ({ limit, offset }) =>
      db
        .select({ _id: teams.id, label: teams.title })
        .from(teams)
        .where(where)
        .orderBy(asc(teams.title), asc(teams.id))
        .limit(limit)
        .offset(offset),
  );
}

/** The user's teams by title, each saying whether the caller manages it. */
export async function teamsOfUser(db: Database, caller: AuthState, userId: string): Promise<UserTeam[]> {
  const managed = await managedTeams(db, caller);
  return db
    .select({ _id: teams.id, name: teams.title, managed: sql<boolean>`coalesce(${managed}, false)` })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teams.title), asc(teams.id));
}

export type TeamChange = { join: string[]; leave: string[] };

/**
 * What the form's `teamId` changes: teams to join, each one the caller manages (422 under the
 * field otherwise, also for a team that does not exist), and managed teams to leave. A team the
 * user is in and the caller does not manage is neither joined nor left, whatever the form says.
 */
export async function planTeamChange(
  db: Database,
  caller: AuthState,
  userId: string | undefined,
  teamIds: string[],
): Promise<TeamChange> {
  const wanted = [...new Set(teamIds.map((id) => id.toLowerCase()))];
  const current = userId
    ? await db
        .select({ id: teams.id, managed: sql<boolean>`coalesce(${await managedTeams(db, caller)}, false)` })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(eq(teamMembers.userId, userId))
    : [];
  const isIn = new Set(current.map((team) => team.id));
  const join = wanted.filter((id) => !isIn.has(id));
  if (join.length > 0) {
    const allowed = await db.$count(teams, and(inArray(teams.id, join), await managedTeams(db, caller)));
    if (allowed !== join.length)
      throw new ApiError(422, messages.validationFailed, { teamId: userMessages.teamNotManaged });
  }
  const leave = current.filter((team) => team.managed && !wanted.includes(team.id)).map((team) => team.id);
  return { join, leave };
}

/**
 * Writes the change: joining is a team_members row as the team form writes it; leaving also takes
 * the user out of the assignments the team's lead made for them by name and clears it as their
 * default team, as a removal on the team screen or dashboard does.
 */
export async function writeTeamChange(tx: Transaction, userId: string, { join, leave }: TeamChange) {
  for (const teamId of leave) {
    await tx.execute(leaveTeamAssignments(teamId, idList([userId])));
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  }
  if (leave.length > 0) {
    await tx
      .update(users)
      .set({ defaultTeamId: null })
      .where(and(eq(users.id, userId), inArray(users.defaultTeamId, leave)));
  }
  if (join.length > 0) {
    await tx
      .insert(teamMembers)
      .values(join.map((teamId) => ({ teamId, userId })))
      .onConflictDoNothing();
  }
}
