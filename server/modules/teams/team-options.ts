import { vValidator } from '@hono/valibot-validator';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { type TeamOption, teamOptionQuerySchema, teamPaths, teamResource } from '../../../contract/teams.ts';
import { pagedList, searchWhere } from '../../db/paged-list.ts';
import { courses } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/users.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { validationHook } from '../../http/validate.ts';
import { userLabel } from './team-rows.ts';

/**
 * The team form's own pickers, for whoever may see the teams administration:
 * - users who can lead a team or be its member: enabled accounts, by name, searched by name or email;
 * - courses a team may be given: enabled ones, by name.
 * Groups, membership roles and levels come from their own lookups.
 */
export function teamOptionRoutes({ db }: AppDeps) {
  const canView = allow(db, permission(teamResource.module, teamResource.submodule, 'view'));
  const query = vValidator('query', teamOptionQuerySchema, validationHook);
  return new Hono<AppEnv>()
    .get(teamPaths.leadInfo, canView, query, async (c) => {
      const { search, ...page } = c.req.valid('query');
      const where = and(
        eq(users.status, true),
        searchWhere(
          search,
          users.firstName,
          users.lastName,
          users.email,
          sql`${users.firstName} || ' ' || ${users.lastName}`,
        ),
      );
      const results = await pagedList(
        page,
        () => db.$count(users, where),
        ({ limit, offset }) =>
          db
            .select({ _id: users.id, label: userLabel })
            .from(users)
            .where(where)
            .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
            .limit(limit)
            .offset(offset),
      );
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<Paged<TeamOption>>);
    })
    .get(teamPaths.courseInfo, canView, query, async (c) => {
      const { search, ...page } = c.req.valid('query');
      const where = and(eq(courses.status, true), searchWhere(search, courses.name));
      const results = await pagedList(
        page,
        () => db.$count(courses, where),
        ({ limit, offset }) =>
          db
            .select({ _id: courses.id, label: courses.name })
            .from(courses)
            .where(where)
            .orderBy(asc(courses.name), asc(courses.id))
            .limit(limit)
            .offset(offset),
      );
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<Paged<TeamOption>>);
    });
}
