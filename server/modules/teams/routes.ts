import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { adminMessages, recordMessage } from '../../../contract/admin-list.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import {
  duplicateTeamSchema,
  type TeamDetail,
  type TeamRow,
  teamListQuerySchema,
  teamMessages,
  teamPaths,
  teamResource,
  teamSchema,
  teamUpdateSchema,
} from '../../../contract/teams.ts';
import type { Database } from '../../db/client.ts';
import { teams } from '../../db/schema/teams.ts';
import { StaleVersion, staleAnswer, versionedUpdate } from '../../db/versioned-update.ts';
import { allow, permission } from '../../http/access.ts';
import { writesAccounts } from '../../http/account-effects.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { adminStatusRoutes } from '../../http/status-routes.ts';
import { validationHook } from '../../http/validate.ts';
import { checkTeam, duplicateTeam, teamValues, writeTeamLinks } from './team-input.ts';
import { teamMemberAdminRoutes } from './team-member-routes.ts';
import { teamOptionRoutes } from './team-options.ts';
import { teamDetail, teamPage, teamRow } from './team-rows.ts';

const detailOr404 = (db: Database, id: string) => foundOr404(teamDetail(db, id));

/**
 * The Teams administration (`/app/user-management/users-team`). Its ids are uuids in the paths,
 * so the team dashboard's `/team/team-lead`, `/team/set-default-Team` and the like stay theirs.
 */
export function teamRoutes(deps: AppDeps) {
  const { db } = deps;
  const can = (action: 'view' | 'add' | 'edit') =>
    allow(db, permission(teamResource.module, teamResource.submodule, action));
  const byId = `${teamPaths.one(':teamId')}${UUID_PARAM}`;

  return new Hono<AppEnv>()
    .route('/', teamOptionRoutes(deps))
    .route('/', teamMemberAdminRoutes(deps))
    .route(
      '/',
      adminStatusRoutes(db, {
        resource: teamResource,
        table: teams,
        row: (id) => teamRow(db, id),
      }),
    )
    .get(teamPaths.list, can('view'), vValidator('query', teamListQuerySchema, validationHook), async (c) => {
      const results = await teamPage(db, c.req.valid('query'));
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<Paged<TeamRow>>);
    })
    .get(byId, can('view'), async (c) => {
      const results = await detailOr404(db, pathId(c.req.param('teamId')));
      return c.json({ message: adminMessages.fetched, results } satisfies ApiSuccess<TeamDetail>);
    })
    .post(
      teamPaths.list,
      can('add'),
      writesAccounts('membership'),
      vValidator('json', teamSchema, validationHook),
      async (c) => {
        const team = await checkTeam(db, c.req.valid('json'));
        const id = await db.transaction(async (tx) => {
          const [created] = await tx.insert(teams).values(teamValues(team)).returning({ id: teams.id });
          if (!created) throw new Error('Inserting a team returned nothing');
          await writeTeamLinks(tx, created.id, team);
          return created.id;
        });
        const results = await detailOr404(db, id);
        return c.json(
          {
            message: recordMessage(teamResource, results.title, 'created'),
            results,
          } satisfies ApiSuccess<TeamDetail>,
          201,
        );
      },
    )
    .patch(
      byId,
      can('edit'),
      writesAccounts('membership'),
      vValidator('json', teamUpdateSchema, validationHook),
      async (c) => {
        const id = pathId(c.req.param('teamId'));
        const body = c.req.valid('json');
        const current = await detailOr404(db, id);
        const { version } = body;
        if (version !== current.version) return c.json(staleAnswer(current), 409);
        const team = await checkTeam(db, body, id);
        try {
          await db.transaction(async (tx) => {
            if (!(await versionedUpdate(tx, teams, id, version, teamValues(team)))) throw new StaleVersion();
            await writeTeamLinks(tx, id, team);
          });
        } catch (error) {
          if (error instanceof StaleVersion) return c.json(staleAnswer(await detailOr404(db, id)), 409);
          throw error;
        }
        const results = await detailOr404(db, id);
        return c.json({
          message: recordMessage(teamResource, results.title, 'updated'),
          results,
        } satisfies ApiSuccess<TeamDetail>);
      },
    )
    .post(
      `${teamPaths.duplicate(':teamId')}${UUID_PARAM}`,
      can('add'),
      writesAccounts('membership'),
      vValidator('json', duplicateTeamSchema, validationHook),
      async (c) => {
        const sourceId = pathId(c.req.param('teamId'));
        const names = c.req.valid('json');
        const id = await db.transaction((tx) => duplicateTeam(tx, sourceId, names));
        return c.json(
          {
            message: teamMessages.teamDuplicated,
            results: await detailOr404(db, id),
          } satisfies ApiSuccess<TeamDetail>,
          201,
        );
      },
    );
}
