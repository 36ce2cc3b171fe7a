import { randomUUID } from 'node:crypto';
import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { adminMessages, recordMessage } from '../../../contract/admin-list.ts';
import {
  type ElearningDetail,
  type ElearningRow,
  elearningMessages as m,
  elearningPaths as paths,
  elearningResource as resource,
} from '../../../contract/elearning/resource.ts';
import { elearningListQuery, elearningUpdateSchema } from '../../../contract/elearning/schemas.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { elearningPackages } from '../../db/schema/elearning.ts';
import { StaleVersion, staleAnswer, versionedUpdate } from '../../db/versioned-update.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError, foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { adminStatusRoutes } from '../../http/status-routes.ts';
import { parseOr422, validationHook } from '../../http/validate.ts';
import { importUpload, packageFolder, titleOf } from './import.ts';
import { newContentKey } from './keys.ts';
import { readPackageForm } from './package-form.ts';
import { elearningDetail, elearningList, elearningRow, storedUpload } from './queries.ts';
import { reportRoutes } from './report-routes.ts';
import { removeUpload } from './unpack.ts';

const isForm = (contentType: string | undefined) => /^multipart\/form-data\s*;/i.test(contentType ?? '');

/**
 * The E-Learning screens' routes: the list, one package, a package created from its zip, its
 * fields updated or a new version of it uploaded (learners' records kept), the shared status and
 * delete routes (a delete removes every upload of the package from the store), and its reports.
 */
export function elearningRoutes(deps: AppDeps) {
  const { db, files } = deps;
  const can = (action: 'view' | 'add' | 'edit') =>
    allow(db, permission(resource.module, resource.submodule, action));
  const byId = `${paths.one(':id')}${UUID_PARAM}`;
  const requireDetail = (id: string) => foundOr404(elearningDetail(db, id));

  return new Hono<AppEnv>()
    .get(paths.list, can('view'), vValidator('query', elearningListQuery, validationHook), async (c) =>
      c.json({
        message: messages.listFetched,
        results: await elearningList(db, c.req.valid('query')),
      } satisfies ApiSuccess<Paged<ElearningRow>>),
    )
    .get(byId, can('view'), async (c) =>
      c.json({
        message: adminMessages.fetched,
        results: await requireDetail(pathId(c.req.param('id'))),
      } satisfies ApiSuccess<ElearningDetail>),
    )
    .post(paths.list, can('add'), async (c) => {
      const id = randomUUID();
      const { fields, zip } = await readPackageForm(
        { raw: c.req.raw, incoming: c.env?.incoming },
        files,
        'create',
        async () => newContentKey(id),
      );
      if (!zip) throw new ApiError(422, messages.validationFailed, { file: m.fileRequired });
      const imported = await importUpload(files, zip);
      try {
        await db.insert(elearningPackages).values({
          id,
          title: titleOf(fields.title, imported.structure, zip.name),
          description: fields.description,
          masteryScore: fields.masteryScore,
          completionRule: fields.completionRule,
          ...imported.columns,
        });
      } catch (error) {
        await removeUpload(files, zip.contentKey).catch(() => undefined);
        throw error;
      }
      const results = await requireDetail(id);
      return c.json(
        {
          message: recordMessage(resource, results.title, 'created'),
          results,
        } satisfies ApiSuccess<ElearningDetail>,
        201,
      );
    })
    .patch(byId, can('edit'), async (c) => {
      const id = pathId(c.req.param('id'));
      if (!isForm(c.req.header('content-type'))) {
        const body = await c.req.json().catch(() => {
          throw new ApiError(400, messages.malformedJson);
        });
        const { version, title, ...values } = parseOr422(elearningUpdateSchema, body);
        const detail = await requireDetail(id);
        const written = await versionedUpdate(db, elearningPackages, id, version, {
          ...values,
          title: titleOf(title, detail.structure, detail.fileName),
        });
        const results = await requireDetail(id);
        if (!written) return c.json(staleAnswer(results), 409);
        return c.json({
          message: recordMessage(resource, results.title, 'updated'),
          results,
        } satisfies ApiSuccess<ElearningDetail>);
      }
      // The upload the package had when the form's fields were checked: a new one replaces it.
      let current: Awaited<ReturnType<typeof storedUpload>>;
      let form: Awaited<ReturnType<typeof readPackageForm<'update'>>>;
      try {
        form = await readPackageForm(
          { raw: c.req.raw, incoming: c.env?.incoming },
          files,
          'update',
          async (fields) => {
            current = await foundOr404(storedUpload(db, id));
            // A stale form is refused before its zip is stored and unpacked.
            if (fields.version !== current.version) throw new StaleVersion();
            return newContentKey(id);
          },
        );
      } catch (error) {
        if (error instanceof StaleVersion) return c.json(staleAnswer(await requireDetail(id)), 409);
        throw error;
      }
      const { fields, zip } = form;
      const { version, title, ...values } = fields;
      let written = false;
      try {
        const imported = zip ? await importUpload(files, zip) : undefined;
        const before = await requireDetail(id);
        written = await versionedUpdate(db, elearningPackages, id, version, {
          ...values,
          title: titleOf(title, imported?.structure ?? before.structure, zip?.name ?? before.fileName),
          ...(imported ? { ...imported.columns, packageVersion: before.packageVersion + 1 } : {}),
        });
      } finally {
        // Not written (stale, gone, refused): the new upload goes, the package keeps its own.
        if (zip && !written) await removeUpload(files, zip.contentKey).catch(() => undefined);
      }
      if (!written) return c.json(staleAnswer(await requireDetail(id)), 409);
      // The new upload is in: the one before it goes (a learner's device keeps its own copy until
      // it reads the new version).
      if (zip && current) await removeUpload(files, current.contentKey).catch(() => undefined);
      const results = await requireDetail(id);
      return c.json({
        message: zip
          ? m.newVersion(results.title, results.packageVersion)
          : recordMessage(resource, results.title, 'updated'),
        results,
      } satisfies ApiSuccess<ElearningDetail>);
    })
    .route('/', reportRoutes(deps))
    .route(
      '/',
      adminStatusRoutes(db, {
        resource,
        table: elearningPackages,
        row: (id) => elearningRow(db, id),
        // Every upload of a package lies under its folder, zips and unpacked files alike: once
        // the rows are gone, so are they.
        beforeDelete: async (ids) => async () => {
          for (const id of ids) await files.disk.deleteAll(packageFolder(id)).catch(() => undefined);
        },
      }),
    );
}
