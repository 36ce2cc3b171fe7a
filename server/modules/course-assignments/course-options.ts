import { vValidator } from '@hono/valibot-validator';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  type AssigneeOptionsQuery,
  assigneeOptionsQuery,
  assignmentCourseOptionsQuery,
} from '../../../contract/course-assignments/list-query.ts';
import {
  type AssignmentCourseOption,
  courseAssignmentArea,
  courseAssignmentPaths,
  type NamedRef,
} from '../../../contract/course-assignments/resource.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database } from '../../db/client.ts';
import { nothingToTake } from '../../db/learner-progress.ts';
import { courses } from '../../db/schema/courses.ts';
import { teams } from '../../db/schema/teams.ts';
import { userGroups } from '../../db/schema/user-groups.ts';
import { users } from '../../db/schema/users.ts';
import { containsPattern } from '../../db/search.ts';
import { allow, permission, teamLeadOr } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { requireDashboardUser } from '../../http/team-access.ts';
import { validationHook } from '../../http/validate.ts';
import { administersAssignments } from './access.ts';

/**
 * The courses the assignment forms offer: enabled ones, by name, each saying whether its outline is
 * empty of anything a learner takes. The assignment routes take only
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
        .select({
          _id: courses.id,
          name: courses.name,
          // What a learner takes (records 016 and 020): enabled lessons, published quizzes, or a link to mark done at.
          nothingToTake: sql<boolean>`${nothingToTake(sql`"courses"`)}`,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(courses)
        .where(where)
        .orderBy(asc(courses.name), asc(courses.id))
        .limit(query.limit)
        .offset(offset);
      const total = rows[0]?.total ?? (offset === 0 ? 0 : await db.$count(courses, where));
      const results: Paged<AssignmentCourseOption> = {
        data: rows.map(({ _id, name, nothingToTake }) => ({ _id, name, nothingToTake })),
        page: query.page,
        limit: query.limit,
        totalPages: Math.ceil(total / query.limit),
        total,
      };
      return c.json({
        message: messages.listFetched,
        results,
      } satisfies ApiSuccess<Paged<AssignmentCourseOption>>);
    },
  );
}

const assigneeSources = {
  users: {
    table: users,
    id: users.id,
    name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    enabled: eq(users.status, true),
    order: [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, asc(users.id)],
  },
  groups: {
    table: userGroups,
    id: userGroups.id,
    name: sql<string>`${userGroups.name}`,
    enabled: eq(userGroups.status, true),
    order: [sql`lower(${userGroups.name})`, asc(userGroups.id)],
  },
  teams: {
    table: teams,
    id: teams.id,
    name: sql<string>`${teams.title}`,
    enabled: eq(teams.status, true),
    order: [sql`lower(${teams.title})`, asc(teams.id)],
  },
} as const;

/** Enabled users, user groups or teams by name, a page of them: the administration's people pickers. */
export async function assigneeOptions(db: Database, query: AssigneeOptionsQuery): Promise<Paged<NamedRef>> {
  const source = assigneeSources[query.kind];
  const where = and(
    source.enabled,
    query.search ? sql`${source.name} ilike ${containsPattern(query.search)}` : undefined,
  );
  const offset = (query.page - 1) * query.limit;
  const rows = await db
    .select({ _id: source.id, name: source.name, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(source.table)
    .where(where)
    .orderBy(...source.order)
    .limit(query.limit)
    .offset(offset);
  const total = rows[0]?.total ?? (offset === 0 ? 0 : await db.$count(source.table, where));
  return {
    data: rows.map(({ _id, name }) => ({ _id, name })),
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
    total,
  };
}

/** Enabled users, user groups or teams by name, for the administration's assignee picker. */
export function assigneeOptionRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get(
    courseAssignmentPaths.assigneeOptions,
    allow(db, permission(courseAssignmentArea.module, courseAssignmentArea.submodule, 'view')),
    vValidator('query', assigneeOptionsQuery, validationHook),
    async (c) =>
      c.json({
        message: messages.listFetched,
        results: await assigneeOptions(db, c.req.valid('query')),
      } satisfies ApiSuccess<Paged<NamedRef>>),
  );
}
