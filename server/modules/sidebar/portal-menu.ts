import { eq, sql } from 'drizzle-orm';
import type { PortalMenuEntry } from '../../../contract/session.ts';
import type { Database } from '../../db/client.ts';
import { teamLeads } from '../../db/schema/teams.ts';
import type { AuthState } from '../../http/app-env.ts';
import { administersTeams } from '../../http/team-access.ts';

const learnerMenu: PortalMenuEntry[] = [
  { slug: 'my-dashboard', name: 'My Dashboard', path: '/user-portal/user-dashboard' },
  {
    slug: 'learning-resources',
    name: 'Learning Resources',
    children: [
      { slug: 'training', name: 'Training Resources', path: '/user-portal/learning-process/training' },
    ],
  },
];

const teamDashboard: PortalMenuEntry = {
  slug: 'team-dashboard',
  name: 'Team Dashboard',
  path: '/user-portal/team-dashboard',
};

/**
 * The user portal's menu: every signed-in user has My Dashboard and Training Resources; Team
 * Dashboard only those it lets in, a lead of some team or an administrator who manages teams
 * (server/http/team-access.ts decides the same for the dashboard's own routes).
 */
export async function portalMenu(db: Database, auth: AuthState): Promise<PortalMenuEntry[]> {
  const leads = await db
    .select({ one: sql`1` })
    .from(teamLeads)
    .where(eq(teamLeads.userId, auth.userId))
    .limit(1);
  const usesDashboard = leads.length > 0 || (await administersTeams(db, auth, 'view'));
  return usesDashboard ? [...learnerMenu, teamDashboard] : learnerMenu;
}
