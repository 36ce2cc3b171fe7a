import { vValidator } from '@hono/valibot-validator';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { paths } from '../../../contract/paths.ts';
import { type CourseOption, courseOptionsQuerySchema } from '../../../contract/training.ts';
import { courses } from '../../db/schema/courses.ts';
import { containsPattern } from '../../db/search.ts';
import { allow, teamLead } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { requireDashboardUser } from '../../http/team-access.ts';
import { validationHook } from '../../http/validate.ts';

/**
 * The courses the assign-training form offers: enabled ones, by name. The training routes take
 * only a uuid after `/course-assignment/`, so this path is this route's alone.
 */
export function courseOptionRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get(
    paths.courseOptions,
    allow(db, teamLead),
    vValidator('query', courseOptionsQuerySchema, validationHook),
    async (c) => {
      await requireDashboardUser(db, c.get('auth'));
      const query = c.req.valid('query');
      const where = and(
        eq(courses.status, true),
        query.search ? sql`${courses.name} ilike ${containsPattern(query.search)}` : undefined,
      );
      const offset = (query.page - 1) * query.limit;
      const rows = await db
        .select({ _id: courses.id, name: courses.name, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(courses)
        .where(where)
        .orderBy(asc(courses.name), asc(courses.id))
        .limit(query.limit)
        .offset(offset);
      const total = rows[0]?.total ?? (offset === 0 ? 0 : await db.$count(courses, where));
      const results: Paged<CourseOption> = {
        data: rows.map(({ _id, name }) => ({ _id, name })),
        page: query.page,
        limit: query.limit,
        totalPages: Math.ceil(total / query.limit),
        total,
      };
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<Paged<CourseOption>>);
    },
  );
}
