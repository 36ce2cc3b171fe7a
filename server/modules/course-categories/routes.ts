import { vValidator } from '@hono/valibot-validator';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { adminMessages, recordMessage } from '../../../contract/admin-list.ts';
import {
  courseCategoryListQuery,
  courseCategoryParentQuery,
} from '../../../contract/course-categories/list-query.ts';
import {
  type CourseCategoryOption,
  type CourseCategoryRow,
  courseCategoryMessages as m,
  courseCategoryPaths as paths,
  courseCategoryResource as resource,
} from '../../../contract/course-categories/resource.ts';
import {
  courseCategorySchema,
  courseCategoryUpdateSchema,
} from '../../../contract/course-categories/schemas.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/rows.ts';
import { courseCategories } from '../../db/schema/course-categories.ts';
import { staleAnswer, versionedUpdate } from '../../db/versioned-update.ts';
import { allow, permission, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError, foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { adminStatusRoutes } from '../../http/status-routes.ts';
import { validationHook } from '../../http/validate.ts';
import {
  categoryList,
  categoryRow,
  coursesLeftBehind,
  parentOptions,
  parentsLeftBehind,
  publishedOptions,
  wouldLoop,
} from './category-queries.ts';

const refuse = (field: 'name' | 'parentId', message: string) =>
  new ApiError(422, messages.validationFailed, { [field]: message });

/** Moves in the tree are made one at a time, so two moves at once cannot close a loop between them. */
const lockTree = (tx: Transaction) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('course_categories'))`);

/** The parent a write names must exist and, for an existing category, must not lie under it. */
async function checkParent(tx: Transaction, parentId: string | null, category?: string) {
  if (parentId === null) return;
  await lockTree(tx);
  if (!(await categoryRow(tx, parentId))) throw refuse('parentId', m.parentNotFound);
  if (category && (await wouldLoop(tx, category, parentId))) throw refuse('parentId', m.parentLoop);
}

/** A title already used under the same parent breaks the sibling index: 422 under the title. */
async function siblingTitleChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse('name', m.nameTaken);
    throw error;
  }
}

const requireCategory = (db: Database, id: string) => foundOr404(categoryRow(db, id));

/** The Course Category screen, its form's parent picker and the published categories other forms pick. */
export function courseCategoryRoutes({ db }: AppDeps) {
  const can = (action: 'view' | 'add' | 'edit') =>
    allow(db, permission(resource.module, resource.submodule, action));

  return new Hono<AppEnv>()
    .get(paths.list, can('view'), vValidator('query', courseCategoryListQuery, validationHook), async (c) =>
      c.json({
        message: messages.listFetched,
        results: await categoryList(db, c.req.valid('query')),
      } satisfies ApiSuccess<Paged<CourseCategoryRow>>),
    )
    .get(
      paths.parent,
      can('view'),
      vValidator('query', courseCategoryParentQuery, validationHook),
      async (c) =>
        c.json({
          message: messages.listFetched,
          results: await parentOptions(db, c.req.valid('query')),
        } satisfies ApiSuccess<Paged<CourseCategoryOption>>),
    )
    .get(
      paths.info,
      allow(db, signedIn),
      vValidator('query', courseCategoryParentQuery, validationHook),
      async (c) =>
        c.json({
          message: messages.listFetched,
          results: await publishedOptions(db, c.req.valid('query')),
        } satisfies ApiSuccess<Paged<CourseCategoryOption>>),
    )
    .get(paths.one(`:id${UUID_PARAM}`), can('view'), async (c) =>
      c.json({
        message: adminMessages.fetched,
        results: await requireCategory(db, pathId(c.req.param('id'))),
      } satisfies ApiSuccess<CourseCategoryRow>),
    )
    .post(paths.list, can('add'), vValidator('json', courseCategorySchema, validationHook), async (c) => {
      const { name, parentId } = c.req.valid('json');
      const id = await db.transaction(async (tx) => {
        await checkParent(tx, parentId);
        const [created] = await siblingTitleChecked(() =>
          tx.insert(courseCategories).values({ name, parentId }).returning({ id: courseCategories.id }),
        );
        if (!created) throw new Error('Inserting a course category returned nothing');
        return created.id;
      });
      const results = await requireCategory(db, id);
      return c.json(
        {
          message: recordMessage(resource, results.name, 'created'),
          results,
        } satisfies ApiSuccess<CourseCategoryRow>,
        201,
      );
    })
    .patch(
      paths.one(`:id${UUID_PARAM}`),
      can('edit'),
      vValidator('json', courseCategoryUpdateSchema, validationHook),
      async (c) => {
        const id = pathId(c.req.param('id'));
        const { name, parentId, version } = c.req.valid('json');
        const written = await db.transaction(async (tx) => {
          await checkParent(tx, parentId, id);
          return siblingTitleChecked(() =>
            versionedUpdate(tx, courseCategories, id, version, { name, parentId }),
          );
        });
        const results = await requireCategory(db, id);
        if (!written) return c.json(staleAnswer(results), 409);
        return c.json({
          message: recordMessage(resource, results.name, 'updated'),
          results,
        } satisfies ApiSuccess<CourseCategoryRow>);
      },
    )
    .route(
      '/',
      adminStatusRoutes(db, {
        resource,
        table: courseCategories,
        row: (id) => categoryRow(db, id),
        beforeDelete: async (ids, tx) => {
          if ((await parentsLeftBehind(tx, ids)).length > 0) throw new ApiError(409, m.hasSubcategories);
          if ((await coursesLeftBehind(tx, ids)) > 0) throw new ApiError(409, m.hasCourses);
        },
      }),
    );
}
