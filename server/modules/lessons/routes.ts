import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { adminMessages, recordMessage } from '../../../contract/admin-list.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { lessonListQuery } from '../../../contract/lessons/list-query.ts';
import {
  type LessonDetail,
  type LessonRow,
  lessonPaths as paths,
  lessonResource as resource,
} from '../../../contract/lessons/resource.ts';
import { lessonSchema, lessonUpdateSchema } from '../../../contract/lessons/schemas.ts';
import { messages } from '../../../contract/messages.ts';
import { lessons } from '../../db/schema/lessons.ts';
import { staleAnswer, versionedUpdate } from '../../db/versioned-update.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { adminStatusRoutes } from '../../http/status-routes.ts';
import { validationHook } from '../../http/validate.ts';
import { deleteStored, filesOfLessons } from './activity-queries.ts';
import { activityRoutes } from './activity-routes.ts';
import { duplicateLesson } from './duplicate.ts';
import { embedRoutes } from './embed.ts';
import { lessonDetail, lessonsList, lessonsRow } from './queries.ts';

/** The Lessons screens: the list, the lesson form, duplicate, status and delete, and the activities. */
export function lessonRoutes(deps: AppDeps) {
  const { db } = deps;
  const can = (action: 'view' | 'add' | 'edit') =>
    allow(db, permission(resource.module, resource.submodule, action));
  const detail = (id: string) => foundOr404(lessonDetail(db, id));

  return new Hono<AppEnv>()
    .get(paths.list, can('view'), vValidator('query', lessonListQuery, validationHook), async (c) =>
      c.json({
        message: messages.listFetched,
        results: await lessonsList(db, c.req.valid('query')),
      } satisfies ApiSuccess<Paged<LessonRow>>),
    )
    .get(paths.one(`:id${UUID_PARAM}`), can('view'), async (c) =>
      c.json({
        message: adminMessages.fetched,
        results: await detail(pathId(c.req.param('id'))),
      } satisfies ApiSuccess<LessonDetail>),
    )
    .post(paths.list, can('add'), vValidator('json', lessonSchema, validationHook), async (c) => {
      const { name, description } = c.req.valid('json');
      const [created] = await db.insert(lessons).values({ name, description }).returning({ id: lessons.id });
      if (!created) throw new Error('Inserting a lesson returned nothing');
      const results = await detail(created.id);
      return c.json(
        {
          message: recordMessage(resource, results.name, 'created'),
          results,
        } satisfies ApiSuccess<LessonDetail>,
        201,
      );
    })
    .patch(
      paths.one(`:id${UUID_PARAM}`),
      can('edit'),
      vValidator('json', lessonUpdateSchema, validationHook),
      async (c) => {
        const id = pathId(c.req.param('id'));
        const { name, description, version } = c.req.valid('json');
        const written = await versionedUpdate(db, lessons, id, version, { name, description });
        const results = await detail(id);
        if (!written) return c.json(staleAnswer(results), 409);
        return c.json({
          message: recordMessage(resource, results.name, 'updated'),
          results,
        } satisfies ApiSuccess<LessonDetail>);
      },
    )
    .post(paths.duplicate(`:id${UUID_PARAM}`), can('add'), async (c) => {
      const id = await duplicateLesson(deps, pathId(c.req.param('id')));
      const results = await detail(id);
      return c.json(
        {
          message: recordMessage(resource, results.name, 'created'),
          results,
        } satisfies ApiSuccess<LessonDetail>,
        201,
      );
    })
    .route('/', activityRoutes(deps))
    .route('/', embedRoutes(deps))
    .route(
      '/',
      adminStatusRoutes(db, {
        resource,
        table: lessons,
        row: (id) => lessonsRow(db, id),
        // The activities go with their lessons (cascade); their files once that has committed.
        beforeDelete: async (ids, tx) => {
          const files = await filesOfLessons(tx, ids);
          return () => deleteStored(deps, files);
        },
      }),
    );
}
