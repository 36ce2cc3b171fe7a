import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { AuthState } from '../../http/app-env.ts';
import { administersTeams, type TeamAction } from '../../http/team-access.ts';
import { administersAssignments } from './access.ts';

/** The users who are members of the teams `teamIn` lists (a subquery, or ids). */
export function teamMembersIn(teamIn: SQL): SQL {
  return sql`select tm.user_id from team_members tm where tm.team_id in (${teamIn})`;
}

/**
 * Whose learner rows the caller may see, count, filter by, reassign and mail: everyone
 * (undefined) for an administrator of assignments, else the members of the teams they lead (of
 * every team for an administrator who manages teams). An assignment may name teams of several
 * leads; each of them reaches their own members only, as on the compliance dashboard.
 * The answer goes to the model as `userIn` (server/db/assignments.ts).
 */
export async function learnerView(
  db: Database,
  auth: AuthState,
  action: TeamAction,
): Promise<SQL | undefined> {
  if (await administersAssignments(db, auth, action)) return undefined;
  if (await administersTeams(db, auth, action)) return teamMembersIn(sql`select t.id from teams t`);
  return teamMembersIn(sql`select tl.team_id from team_leads tl where tl.user_id = ${auth.userId}`);
}
