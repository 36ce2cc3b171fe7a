import type { Context } from 'hono';
import type { AppDeps, AppEnv } from './app-env.ts';
import { pathId } from './path-id.ts';
import { requireTeamAccess, requireTeamMember, type TeamAction } from './team-access.ts';

/** The `:teamId` of the path once the caller may use that team's dashboard for `action`. */
export async function accessibleTeam(
  { db }: Pick<AppDeps, 'db'>,
  c: Context<AppEnv>,
  action: TeamAction,
): Promise<string> {
  const teamId = pathId(c.req.param('teamId'));
  await requireTeamAccess(db, c.get('auth'), teamId, action);
  return teamId;
}

/** `:teamId` and `:memberId` of the path, once the member is known to be in the accessible team. */
export async function accessibleMember(
  deps: Pick<AppDeps, 'db'>,
  c: Context<AppEnv>,
  action: TeamAction,
): Promise<{ teamId: string; memberId: string }> {
  const teamId = await accessibleTeam(deps, c, action);
  const memberId = pathId(c.req.param('memberId'));
  await requireTeamMember(deps.db, teamId, memberId);
  return { teamId, memberId };
}
