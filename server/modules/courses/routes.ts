import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { adminMessages, recordMessage } from '../../../contract/admin-list.ts';
import { courseInfoQuery, courseListQuery } from '../../../contract/courses/list-query.ts';
import {
  type CourseDetail,
  type CourseOption,
  type CoursePermissionResult,
  type CoursePermissionSubject,
  type CourseRow,
  courseMessages as m,
  coursePaths as paths,
  courseResource as resource,
} from '../../../contract/courses/resource.ts';
import { courseSchema, courseUpdateSchema } from '../../../contract/courses/schemas.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { picksAnyCourse } from '../../auth/course-pickers.ts';
import type { Database } from '../../db/client.ts';
import { courses } from '../../db/schema/courses.ts';
import { staleAnswer, versionedUpdate } from '../../db/versioned-update.ts';
import { allow, permission, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { adminStatusRoutes } from '../../http/status-routes.ts';
import { validationHook } from '../../http/validate.ts';
import { courseImageRoutes } from './image.ts';
import { outlineRoutes } from './outline.ts';
import {
  courseDetail,
  courseOptions,
  coursePermission,
  coursesList,
  coursesRow,
  userOptions,
} from './queries.ts';
import { checkReferences, courseColumns, duplicateCourse, writeSubjects } from './writes.ts';

const requireCourse = (db: Database, id: string) => foundOr404(courseDetail({ db }, id));

/** The Courses screens: the list, a course's form, its copy, permission, outline, image and status routes. */
export function courseRoutes(deps: AppDeps) {
  const { db } = deps;
  const can = (action: 'view' | 'add' | 'edit') =>
    allow(db, permission(resource.module, resource.submodule, action));
  const byId = `${paths.one(':id')}${UUID_PARAM}`;

  return (
    new Hono<AppEnv>()
      .get(paths.list, can('view'), vValidator('query', courseListQuery, validationHook), async (c) =>
        c.json({
          message: messages.listFetched,
          results: await coursesList(db, c.req.valid('query')),
        } satisfies ApiSuccess<Paged<CourseRow>>),
      )
      // Every enabled course for those who may assign or manage any; anyone else sees only the
      // courses they may take, so the picker names no course outside their scope.
      .get(
        paths.info,
        allow(db, signedIn),
        vValidator('query', courseInfoQuery, validationHook),
        async (c) => {
          const auth = c.get('auth');
          const learner = (await picksAnyCourse(db, auth)) ? undefined : auth.userId;
          return c.json({
            message: messages.listFetched,
            results: await courseOptions(db, c.req.valid('query'), learner),
          } satisfies ApiSuccess<Paged<CourseOption>>);
        },
      )
      .get(paths.userOptions, can('view'), vValidator('query', courseInfoQuery, validationHook), async (c) =>
        c.json({
          message: messages.listFetched,
          results: await userOptions(db, c.req.valid('query')),
        } satisfies ApiSuccess<Paged<CoursePermissionSubject>>),
      )
      .get(`${paths.permission(':id')}${UUID_PARAM}`, can('view'), async (c) =>
        c.json({
          message: adminMessages.fetched,
          results: await foundOr404(coursePermission(db, pathId(c.req.param('id')))),
        } satisfies ApiSuccess<CoursePermissionResult>),
      )
      .route('/', outlineRoutes(db))
      .route('/', courseImageRoutes(deps))
      .get(byId, can('view'), async (c) =>
        c.json({
          message: adminMessages.fetched,
          results: await requireCourse(db, pathId(c.req.param('id'))),
        } satisfies ApiSuccess<CourseDetail>),
      )
      .post(paths.list, can('add'), vValidator('json', courseSchema, validationHook), async (c) => {
        const values = c.req.valid('json');
        const id = await db.transaction(async (tx) => {
          const subjects = await checkReferences(tx, values);
          const [created] = await tx
            .insert(courses)
            .values(courseColumns(values))
            .returning({ id: courses.id });
          if (!created) throw new Error('Inserting a course returned nothing');
          await writeSubjects(tx, created.id, values.permission, subjects);
          return created.id;
        });
        const results = await requireCourse(db, id);
        return c.json(
          {
            message: recordMessage(resource, results.name, 'created'),
            results,
          } satisfies ApiSuccess<CourseDetail>,
          201,
        );
      })
      .patch(byId, can('edit'), vValidator('json', courseUpdateSchema, validationHook), async (c) => {
        const id = pathId(c.req.param('id'));
        const { version, ...values } = c.req.valid('json');
        const written = await db.transaction(async (tx) => {
          const subjects = await checkReferences(tx, values);
          if (!(await versionedUpdate(tx, courses, id, version, courseColumns(values)))) return false;
          await writeSubjects(tx, id, values.permission, subjects);
          return true;
        });
        const results = await requireCourse(db, id);
        if (!written) return c.json(staleAnswer(results), 409);
        return c.json({
          message: recordMessage(resource, results.name, 'updated'),
          results,
        } satisfies ApiSuccess<CourseDetail>);
      })
      .post(`${paths.duplicate(':id')}${UUID_PARAM}`, can('add'), async (c) => {
        const sourceId = pathId(c.req.param('id'));
        const id = await db.transaction((tx) => duplicateCourse(tx, sourceId));
        const results = await requireCourse(db, id);
        return c.json({ message: m.duplicated, results } satisfies ApiSuccess<CourseDetail>, 201);
      })
      .route('/', adminStatusRoutes(db, { resource, table: courses, row: (id) => coursesRow(db, id) }))
  );
}
