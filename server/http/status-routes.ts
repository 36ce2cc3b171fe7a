import { vValidator } from '@hono/valibot-validator';
import { eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import {
  type AdminRow,
  adminMessages,
  type BulkStatusResult,
  recordMessage,
} from '../../contract/admin-list.ts';
import { bulkIdSchema, bulkOperationSchema } from '../../contract/bulk.ts';
import type { ApiSuccess } from '../../contract/envelope.ts';
import { messages } from '../../contract/messages.ts';
import { type ResourceDescriptor, resourcePaths } from '../../contract/resource.ts';
import { roleAllows } from '../auth/require-permission.ts';
import type { Database, Transaction } from '../db/client.ts';
import type { AdminTable } from '../db/versioned-update.ts';
import { allow, permission } from './access.ts';
import { type AccountEffect, writesAccounts } from './account-effects.ts';
import type { AppEnv, AuthState } from './app-env.ts';
import { ApiError } from './errors.ts';
import { pathId, UUID_PARAM } from './path-id.ts';
import { validationHook } from './validate.ts';

type Executor = Pick<Transaction, 'select'>;

export type StatusRoutesOptions<T extends AdminTable, R extends AdminRow> = {
  /**
   * The resource's descriptor (contract/resource.ts): its path, the permission area whose publish
   * right gates status changes and whose delete right gates deletes, and its status words, which
   * name the bulk routes (bulk-publish/bulk-unpublish, or bulk-enable/bulk-disable).
   */
  resource: ResourceDescriptor;
  table: T;
  /** The row as the resource's list shows it, answered after a toggle. */
  row: (id: string) => Promise<R | undefined>;
  /** What the status and delete routes do to accounts, when the records are accounts (users). */
  accountEffects?: AccountEffect[];
  /** Route names of bulk delete (all take DELETE with { bulkId }). */
  deleteNames?: string[];
  /**
   * The path of an operation route, e.g. '/checklist/operation': `PATCH` with `{ operation:
   * 'publish' | 'unpublish' | 'delete', bulkId }` does what the bulk routes do, with their answers.
   * It needs the publish right, and a delete the delete right besides.
   */
  operationPath?: string;
  /**
   * Runs inside the transaction before a status change, before unknown ids are looked for, e.g. to
   * refuse unpublishing a built-in record (throw ApiError).
   */
  beforeStatus?: (change: StatusChange, tx: Transaction) => Promise<void>;
  /**
   * Runs inside the transaction before a delete, e.g. to refuse deleting a built-in record (throw
   * ApiError). It may return what to do once the delete has committed (remove the records' files).
   */
  beforeDelete?: (
    ids: string[],
    tx: Transaction,
    caller: AuthState,
    // biome-ignore lint/suspicious/noConfusingVoidType: a hook that only refuses returns nothing.
  ) => Promise<AfterCommit | undefined | void>;
};

/** Work that must wait until the transaction has committed, such as deleting files. */
export type AfterCommit = () => Promise<void>;

/** A status change about to be written: `status` is the new one, or undefined for a toggle. */
export type StatusChange = { ids: string[]; status?: boolean; caller: AuthState };

/**
 * What a record of the table is called, for the answer of deleting one: its name, its title, or a
 * person's first and last name.
 */
function nameOf(table: AdminTable): SQL<string> | undefined {
  const columns = getTableColumns(table as PgTable);
  if (columns.name) return sql<string>`${columns.name}`;
  if (columns.title) return sql<string>`${columns.title}`;
  if (columns.firstName && columns.lastName)
    return sql<string>`${columns.firstName} || ' ' || ${columns.lastName}`;
  return undefined;
}

/** Each id once, in one case, as the database compares them. */
const uniqueIds = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

/**
 * The routes every administration list shares (contract/admin-list.ts):
 * - `POST {path}/{id}` flips status: 'Status is updated successfully.' with the updated row;
 * - `POST {path}/bulk-publish|bulk-unpublish` (bulk-enable|bulk-disable for the status words
 *   'enable') with `{ bulkId }` sets status for all of them;
 * - `DELETE {path}/bulk-delete` with `{ bulkId }` deletes them: one is named ("Course 'x' deleted.",
 *   `recordMessage`), more are 'Selected records are deleted successfully.'
 * - with `operationPath`, `PATCH {operationPath}` with `{ operation, bulkId }` does either.
 * Unknown ids: 404 and nothing changes. Mount it beside the resource's own router:
 *
 *   .route('/', adminStatusRoutes(db, { resource: userGroupResource, table: userGroups,
 *     row: (id) => groupRow(db, id) }))
 */
export function adminStatusRoutes<T extends AdminTable, R extends AdminRow>(
  db: Database,
  options: StatusRoutesOptions<T, R>,
) {
  const { resource, table } = options;
  const { module, submodule } = resource;
  const routes = resourcePaths(resource);
  const canPublish = allow(db, permission(module, submodule, 'publish'));
  const canDelete = allow(db, permission(module, submodule, 'delete'));
  const bulkBody = vValidator('json', bulkIdSchema, validationHook);
  const idColumn = table.id;
  const recordName = nameOf(table);
  const effects = writesAccounts(...(options.accountEffects ?? []));

  /** Every id must name a record, else 404 before anything is written. */
  async function existing(executor: Executor, ids: string[]) {
    const unique = uniqueIds(ids);
    const found = await executor
      .select({ id: idColumn })
      .from(table as PgTable)
      .where(inArray(idColumn, unique));
    if (found.length !== unique.length) throw new ApiError(404, messages.notFound);
    return unique;
  }

  const setStatus = (status: boolean) =>
    ({ status, version: sql`${table.version} + 1`, updatedAt: sql`now()` }) as PgUpdateSetSource<T>;

  async function bulkStatus(requested: string[], status: boolean, caller: AuthState) {
    const ids = await db.transaction(async (tx) => {
      await options.beforeStatus?.({ ids: uniqueIds(requested), status, caller }, tx);
      const ids = await existing(tx, requested);
      await tx.update(table).set(setStatus(status)).where(inArray(idColumn, ids));
      return ids;
    });
    return {
      message: messages.statusUpdated,
      results: { bulkId: ids },
    } satisfies ApiSuccess<BulkStatusResult>;
  }

  async function bulkDelete(requested: string[], caller: AuthState) {
    const { count, name, afterCommit } = await db.transaction(async (tx) => {
      const ids = await existing(tx, requested);
      const after = await options.beforeDelete?.(ids, tx, caller);
      // One record deleted is named in the answer ("Course 'Working at height' deleted.").
      const named = ids.length === 1 && recordName ? recordName : undefined;
      const deleted = await tx
        .delete(table)
        .where(inArray(idColumn, ids))
        .returning(named ? { name: named } : { id: idColumn });
      const first = deleted[0] as { name?: string } | undefined;
      return { count: ids.length, name: first?.name, afterCommit: after };
    });
    if (afterCommit) await afterCommit();
    const message =
      count === 1
        ? name === undefined
          ? adminMessages.deleted
          : recordMessage(resource, name, 'deleted')
        : adminMessages.bulkDeleted;
    return { message, results: null } satisfies ApiSuccess<null>;
  }

  const router = new Hono<AppEnv>()
    .post(routes.bulkOn, canPublish, effects, bulkBody, async (c) =>
      c.json(await bulkStatus(c.req.valid('json').bulkId, true, c.get('auth'))),
    )
    .post(routes.bulkOff, canPublish, effects, bulkBody, async (c) =>
      c.json(await bulkStatus(c.req.valid('json').bulkId, false, c.get('auth'))),
    )
    .post(routes.one(`:id${UUID_PARAM}`), canPublish, effects, async (c) => {
      const id = pathId(c.req.param('id'));
      const updated = await db.transaction(async (tx) => {
        await options.beforeStatus?.({ ids: [id], caller: c.get('auth') }, tx);
        return tx
          .update(table)
          .set({ ...setStatus(true), status: sql`not ${table.status}` } as PgUpdateSetSource<T>)
          .where(eq(idColumn, id))
          .returning({ id: idColumn });
      });
      const row = updated.length > 0 ? await options.row(id) : undefined;
      if (!row) throw new ApiError(404, messages.notFound);
      return c.json({ message: messages.statusUpdated, results: row } satisfies ApiSuccess<R>);
    });

  for (const name of options.deleteNames ?? ['bulk-delete']) {
    router.delete(`${resource.path}/${name}`, canDelete, effects, bulkBody, async (c) =>
      c.json(await bulkDelete(c.req.valid('json').bulkId, c.get('auth'))),
    );
  }
  if (options.operationPath) {
    const operationBody = vValidator('json', bulkOperationSchema, validationHook);
    router.patch(options.operationPath, canPublish, effects, operationBody, async (c) => {
      const { operation, bulkId } = c.req.valid('json');
      const caller = c.get('auth');
      if (operation !== 'delete') return c.json(await bulkStatus(bulkId, operation === 'publish', caller));
      const roleId = caller.administrativeRoleId;
      if (roleId === null || !(await roleAllows(db, roleId, module, submodule, 'delete')))
        throw new ApiError(403, messages.forbidden);
      return c.json(await bulkDelete(bulkId, caller));
    });
  }
  return router;
}
