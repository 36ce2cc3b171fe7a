import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { quizListQuery } from '../../../contract/quizzes/list-query.ts';
import {
  quizPaths as paths,
  type QuizRow,
  quizResource as resource,
} from '../../../contract/quizzes/resource.ts';
import { quizzes } from '../../db/schema/quizzes.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { adminStatusRoutes } from '../../http/status-routes.ts';
import { validationHook } from '../../http/validate.ts';
import { quizzesList, quizzesRow } from './queries.ts';

/** The Quizzes screen's list and its status and delete routes. */
export function quizRoutes({ db }: AppDeps) {
  const can = (action: 'view' | 'add' | 'edit') =>
    allow(db, permission(resource.module, resource.submodule, action));

  return new Hono<AppEnv>()
    .get(paths.list, can('view'), vValidator('query', quizListQuery, validationHook), async (c) =>
      c.json({
        message: messages.listFetched,
        results: await quizzesList(db, c.req.valid('query')),
      } satisfies ApiSuccess<Paged<QuizRow>>),
    )
    .route('/', adminStatusRoutes(db, { resource, table: quizzes, row: (id) => quizzesRow(db, id) }));
}
