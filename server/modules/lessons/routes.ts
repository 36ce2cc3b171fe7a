import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { lessonListQuery } from '../../../contract/lessons/list-query.ts';
import {
  type LessonRow,
  lessonPaths as paths,
  lessonResource as resource,
} from '../../../contract/lessons/resource.ts';
import { messages } from '../../../contract/messages.ts';
import { lessons } from '../../db/schema/lessons.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { adminStatusRoutes } from '../../http/status-routes.ts';
import { validationHook } from '../../http/validate.ts';
import { lessonsList, lessonsRow } from './queries.ts';

/** The Lessons screen's list and its status and delete routes. */
export function lessonRoutes({ db }: AppDeps) {
  const can = (action: 'view' | 'add' | 'edit') =>
    allow(db, permission(resource.module, resource.submodule, action));

  return new Hono<AppEnv>()
    .get(paths.list, can('view'), vValidator('query', lessonListQuery, validationHook), async (c) =>
      c.json({
        message: messages.listFetched,
        results: await lessonsList(db, c.req.valid('query')),
      } satisfies ApiSuccess<Paged<LessonRow>>),
    )
    .route('/', adminStatusRoutes(db, { resource, table: lessons, row: (id) => lessonsRow(db, id) }));
}
