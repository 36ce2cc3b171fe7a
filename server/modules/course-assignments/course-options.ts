import { vValidator } from '@hono/valibot-validator';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { assignmentCourseOptionsQuery } from '../../../contract/course-assignments/list-query.ts';
import {
  courseAssignmentArea,
  courseAssignmentPaths,
  type NamedRef,
} from '../../../contract/course-assignments/resource.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { courses } from '../../db/schema/courses.ts';
import { containsPattern } from '../../db/search.ts';
import { allow, teamLeadOr } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { requireDashboardUser } from '../../http/team-access.ts';
import { validationHook } from '../../http/validate.ts';
import { administersAssignments } from './access.ts';

/**
 * The courses the assignment forms offer: enabled ones, by name. The assignment routes take only
 * a uuid after `/course-assignment/`, so this path is this route's alone.
 */
export function courseOptionRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get(
    courseAssignmentPaths.courseOptions,
    allow(db, teamLeadOr(courseAssignmentArea.module, courseAssignmentArea.submodule)),
    vValidator('query', assignmentCourseOptionsQuery, validationHook),
    async (c) => {
      if (!(await administersAssignments(db, c.get('auth'), 'view')))
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
      const results: Paged<NamedRef> = {
        data: rows.map(({ _id, name }) => ({ _id, name })),
        page: query.page,
        limit: query.limit,
        totalPages: Math.ceil(total / query.limit),
        total,
      };
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<Paged<NamedRef>>);
    },
  );
}
