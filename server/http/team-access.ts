import { and, eq, exists, sql } from 'drizzle-orm';
import { messages } from '../../contract/messages.ts';
import { roleAllows } from '../auth/require-permission.ts';
import type { Database } from '../db/client.ts';
import { teamLeads, teamMembers, teams } from '../db/schema/teams.ts';
import type { AuthState } from './app-env.ts';
import { ApiError } from './errors.ts';

/** Reads need `view` on the administration's User Team screen, writes `edit`. */
export type TeamAction = 'view' | 'edit';

export async function leadsTeam(db: Database, userId: string, teamId: string): Promise<boolean> {
  const [row] = await db
    .select({ teamId: teamLeads.teamId })
    .from(teamLeads)
    .where(and(eq(teamLeads.teamId, teamId), eq(teamLeads.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** Administrators whose role manages teams may use any team's dashboard. */
export function administersTeams(db: Database, auth: AuthState, action: TeamAction): Promise<boolean> {
  if (!auth.administrativeRoleId) return Promise.resolve(false);
  return roleAllows(db, auth.administrativeRoleId, 'user-management', 'users-team', action);
}

/**
 * The team dashboard is for the team's leads, and for administrators allowed to manage teams:
 * anyone else gets 403. An administrator asking for a team that does not exist gets 404.
 */
export async function requireTeamAccess(
  db: Database,
  auth: AuthState,
  teamId: string,
  action: TeamAction,
): Promise<void> {
  if (await leadsTeam(db, auth.userId, teamId)) return;
  if (!(await administersTeams(db, auth, action))) throw new ApiError(403, messages.forbidden);
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).limit(1);
  if (!team) throw new ApiError(404, messages.notFound);
}

/** 404 unless the user is a member of the team. */
export async function requireTeamMember(db: Database, teamId: string, memberId: string): Promise<void> {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)))
    .limit(1);
  if (!row) throw new ApiError(404, messages.notFound);
}

/** Lists without a team of their own (course options) are for anyone who leads a team or manages teams. */
export async function requireDashboardUser(db: Database, auth: AuthState): Promise<void> {
  const leadsAny = await db
    .select({ one: sql`1` })
    .from(teamLeads)
    .where(eq(teamLeads.userId, auth.userId))
    .limit(1);
  if (leadsAny.length > 0) return;
  if (!(await administersTeams(db, auth, 'view'))) throw new ApiError(403, messages.forbidden);
}

/** Whether the caller may see a member through some team: a team they lead that has the member. */
export async function leadsTeamOfMember(db: Database, userId: string, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.userId, memberId),
        exists(
          db
            .select({ one: sql`1` })
            .from(teamLeads)
            .where(and(eq(teamLeads.teamId, teamMembers.teamId), eq(teamLeads.userId, userId))),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}
