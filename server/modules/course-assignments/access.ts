import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { courseAssignmentArea } from '../../../contract/course-assignments/resource.ts';
import { messages } from '../../../contract/messages.ts';
import { roleAllows } from '../../auth/require-permission.ts';
import type { Database } from '../../db/client.ts';
import { courseAssignmentAssignees } from '../../db/schema/course-assignments.ts';
import { teamLeads } from '../../db/schema/teams.ts';
import type { AuthState } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { administersTeams, requireTeamAccess, type TeamAction } from '../../http/team-access.ts';

/**
 * Who may do what with course assignments. Two doors lead in:
 * - the administration's: an administrator role granting the Assignments submodule (`view` to
 *   read, `edit` to write) reaches every assignment and may assign to anyone;
 * - the team dashboard's: a team's leads (and administrators who manage teams) reach the
 *   assignments made for that team, read those that name the team as an assignee, and assign only
 *   to that team or its members.
 */
export function administersAssignments(db: Database, auth: AuthState, action: TeamAction): Promise<boolean> {
  if (!auth.administrativeRoleId) return Promise.resolve(false);
  return roleAllows(
    db,
    auth.administrativeRoleId,
    courseAssignmentArea.module,
    courseAssignmentArea.submodule,
    action,
  );
}

/** 403 unless the caller administers assignments or may use the team's dashboard. */
export async function requireListAccess(db: Database, auth: AuthState, team: string | undefined) {
  if (await administersAssignments(db, auth, 'view')) return;
  if (!team) throw new ApiError(403, messages.forbidden);
  await requireTeamAccess(db, auth, team, 'view');
}

export type AssignmentRecord = { id: string; teamId: string | null };

/** Teams among `teamIds` the caller leads (all of them for an administrator who manages teams). */
export async function ledAmong(db: Database, auth: AuthState, teamIds: string[]): Promise<string[]> {
  if (teamIds.length === 0) return [];
  if (await administersTeams(db, auth, 'view')) return teamIds;
  const rows = await db
    .select({ teamId: teamLeads.teamId })
    .from(teamLeads)
    .where(and(eq(teamLeads.userId, auth.userId), inArray(teamLeads.teamId, teamIds)));
  return rows.map((row) => row.teamId);
}

/** The teams the assignment names as assignees that the caller leads. */
export async function ledTeamsNamed(db: Database, auth: AuthState, assignmentId: string): Promise<string[]> {
  const named = await db
    .select({ teamId: courseAssignmentAssignees.teamId })
    .from(courseAssignmentAssignees)
    .where(
      and(
        eq(courseAssignmentAssignees.assignmentId, assignmentId),
        isNotNull(courseAssignmentAssignees.teamId),
      ),
    );
  return ledAmong(
    db,
    auth,
    named.map((row) => row.teamId as string),
  );
}

/**
 * 403 unless the caller may `action` the assignment: as an administrator of assignments, as the
 * lead of the team it was made for, or (reading only) as the lead of a team it is assigned to.
 */
export async function requireAssignmentAccess(
  db: Database,
  auth: AuthState,
  record: AssignmentRecord,
  action: TeamAction,
): Promise<void> {
  if (await administersAssignments(db, auth, action)) return;
  if (record.teamId) return requireTeamAccess(db, auth, record.teamId, action);
  if (action === 'view' && (await ledTeamsNamed(db, auth, record.id)).length > 0) return;
  throw new ApiError(403, messages.forbidden);
}
