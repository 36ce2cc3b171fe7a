import { vValidator } from '@hono/valibot-validator';
import { asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { memberMessages } from '../../../contract/member.ts';
import { messages } from '../../../contract/messages.ts';
import { paths } from '../../../contract/paths.ts';
import { type OrganizationList, setDefaultTeamSchema } from '../../../contract/team-dashboard.ts';
import type { Database } from '../../db/client.ts';
import { teamLeads, teams } from '../../db/schema/teams.ts';
import { users } from '../../db/schema/users.ts';
import { allow, signedIn } from '../../http/access.ts';
import { writesAccounts } from '../../http/account-effects.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { leadsTeam } from '../../http/team-access.ts';
import { validationHook } from '../../http/validate.ts';

/** The teams the user leads, by title, and their default: the stored one while they lead it, else the first. */
async function organizationList(db: Database, userId: string): Promise<OrganizationList> {
  const data = await db
    .select({ _id: teams.id, title: teams.title })
    .from(teamLeads)
    .innerJoin(teams, eq(teams.id, teamLeads.teamId))
    .where(eq(teamLeads.userId, userId))
    .orderBy(asc(teams.title), asc(teams.id));
  const [user] = await db
    .select({ defaultTeamId: users.defaultTeamId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const stored = user?.defaultTeamId;
  const fallback = data[0]?._id ?? null;
  return { data, default: stored && data.some((team) => team._id === stored) ? stored : fallback };
}

export function organizationRoutes({ db }: AppDeps) {
  const auth = allow(db, signedIn);
  return new Hono<AppEnv>()
    .get(paths.organizations, auth, async (c) => {
      const results = await organizationList(db, c.get('auth').userId);
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<OrganizationList>);
    })
    .post(
      paths.setDefaultTeam,
      auth,
      writesAccounts('preferences'),
      vValidator('json', setDefaultTeamSchema, validationHook),
      async (c) => {
        const { userId } = c.get('auth');
        const { defaultTeamId } = c.req.valid('json');
        if (!(await leadsTeam(db, userId, defaultTeamId))) throw new ApiError(403, messages.forbidden);
        // A preference, not an edit of the account: the record's version stays.
        await db.update(users).set({ defaultTeamId, updatedAt: sql`now()` }).where(eq(users.id, userId));
        const results = await organizationList(db, userId);
        return c.json({
          message: memberMessages.defaultTeamSet,
          results,
        } satisfies ApiSuccess<OrganizationList>);
      },
    );
}
