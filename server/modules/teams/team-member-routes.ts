import { vValidator } from '@hono/valibot-validator';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { bulkIdSchema } from '../../../contract/bulk.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import {
  type TeamMemberRow,
  teamMemberListQuerySchema,
  teamMembersAddSchema,
  teamMessages,
  teamPaths,
  teamResource,
} from '../../../contract/teams.ts';
import { idList, leaveTeamAssignments } from '../../db/assignments.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere } from '../../db/paged-list.ts';
import { teamMembers, teams } from '../../db/schema/teams.ts';
import { users } from '../../db/schema/users.ts';
import { allow, permission } from '../../http/access.ts';
import { writesAccounts } from '../../http/account-effects.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';

const lower = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

/** The team, which must be a team of users: 404 when there is none, 422 for a team of teams. */
async function teamOfUsers(db: Database, teamId: string, field: string) {
  const [team] = await db
    .select({ type: teams.teamMemberType })
    .from(teams)
    .where(eq(teams.id, teamId))
    .limit(1);
  if (!team) throw new ApiError(404, messages.notFound);
  if (team.type !== 'users')
    throw new ApiError(422, messages.validationFailed, { [field]: teamMessages.teamOfTeams });
}

/**
 * A team of users' members on the administration's team form, a page at a time, so a team of
 * thousands stays usable: listed in name order from team_members_name_order_idx (the sort keys
 * the triggers of migration 0002 keep), searched by name or email, added and removed by id.
 */
export function teamMemberAdminRoutes({ db }: AppDeps) {
  const can = (action: 'view' | 'edit') =>
    allow(db, permission(teamResource.module, teamResource.submodule, action));
  const path = `${teamPaths.members(`:teamId${UUID_PARAM}`)}`;

  return new Hono<AppEnv>()
    .get(path, can('view'), vValidator('query', teamMemberListQuerySchema, validationHook), async (c) => {
      const teamId = pathId(c.req.param('teamId'));
      await teamOfUsers(db, teamId, 'teamId');
      const { search, ...page } = c.req.valid('query');
      const where = and(
        eq(teamMembers.teamId, teamId),
        searchWhere(search, users.email, sql`${users.firstName} || ' ' || ${users.lastName}`),
      );
      const results = await pagedList(
        page,
        async () => {
          const [row] = await db
            .select({ n: sql<number>`count(*)::int` })
            .from(teamMembers)
            .innerJoin(users, eq(users.id, teamMembers.userId))
            .where(where);
          return row?.n ?? 0;
        },
        ({ limit, offset }) =>
          db
            .select({
              _id: users.id,
              firstName: users.firstName,
              lastName: users.lastName,
              email: users.email,
              status: users.status,
            })
            .from(teamMembers)
            .innerJoin(users, eq(users.id, teamMembers.userId))
            .where(where)
            .orderBy(asc(teamMembers.sortLast), asc(teamMembers.sortFirst), asc(teamMembers.userId))
            .limit(limit)
            .offset(offset),
      );
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<Paged<TeamMemberRow>>);
    })
    .post(
      path,
      can('edit'),
      writesAccounts('membership'),
      vValidator('json', teamMembersAddSchema, validationHook),
      async (c) => {
        const teamId = pathId(c.req.param('teamId'));
        await teamOfUsers(db, teamId, 'userIds');
        const ids = lower(c.req.valid('json').userIds);
        if ((await db.$count(users, inArray(users.id, ids))) !== ids.length)
          throw new ApiError(422, messages.validationFailed, { userIds: teamMessages.teamMembersRequired });
        await db
          .insert(teamMembers)
          .values(ids.map((userId) => ({ teamId, userId })))
          .onConflictDoNothing();
        return c.json({ message: teamMessages.membersAdded, results: null } satisfies ApiSuccess<null>);
      },
    )
    .delete(
      path,
      can('edit'),
      writesAccounts('membership'),
      vValidator('json', bulkIdSchema, validationHook),
      async (c) => {
        const teamId = pathId(c.req.param('teamId'));
        await teamOfUsers(db, teamId, 'bulkId');
        const ids = lower(c.req.valid('json').bulkId);
        await db.transaction(async (tx) => {
          // Locks the team's member rows, so two removals at once cannot both leave it empty.
          const members = await tx
            .select({ userId: teamMembers.userId })
            .from(teamMembers)
            .where(eq(teamMembers.teamId, teamId))
            .for('update');
          const inTeam = new Set(members.map((member) => member.userId));
          if (ids.some((id) => !inTeam.has(id)))
            throw new ApiError(422, messages.validationFailed, { bulkId: teamMessages.notMembers });
          // The team form's rule: a team keeps at least one member.
          if (ids.length >= inTeam.size)
            throw new ApiError(422, messages.validationFailed, { bulkId: teamMessages.teamMembersRequired });
          // As when they leave on the team form or the dashboard: out of the lead's assignments by
          // name, and no longer defaulting to this team.
          await tx.execute(leaveTeamAssignments(teamId, idList(ids)));
          await tx
            .delete(teamMembers)
            .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, ids)));
          await tx
            .update(users)
            .set({ defaultTeamId: null, updatedAt: sql`now()` })
            .where(and(inArray(users.id, ids), eq(users.defaultTeamId, teamId)));
        });
        return c.json({ message: teamMessages.membersRemoved, results: null } satisfies ApiSuccess<null>);
      },
    );
}
