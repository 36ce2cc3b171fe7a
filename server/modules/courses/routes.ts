import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { courseListQuery } from '../../../contract/courses/list-query.ts';
import {
  type CourseRow,
  coursePaths as paths,
  courseResource as resource,
} from '../../../contract/courses/resource.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { courses } from '../../db/schema/courses.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { adminStatusRoutes } from '../../http/status-routes.ts';
import { validationHook } from '../../http/validate.ts';
import { coursesList, coursesRow } from './queries.ts';

/** The Courses screen's list and its status and delete routes. */
export function courseRoutes({ db }: AppDeps) {
  const can = (action: 'view' | 'add' | 'edit') =>
    allow(db, permission(resource.module, resource.submodule, action));

  return new Hono<AppEnv>()
    .get(paths.list, can('view'), vValidator('query', courseListQuery, validationHook), async (c) =>
      c.json({
        message: messages.listFetched,
        results: await coursesList(db, c.req.valid('query')),
      } satisfies ApiSuccess<Paged<CourseRow>>),
    )
    .route('/', adminStatusRoutes(db, { resource, table: courses, row: (id) => coursesRow(db, id) }));
}
