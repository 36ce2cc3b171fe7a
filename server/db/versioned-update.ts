import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { adminMessages } from '../../contract/admin-list.ts';
import type { ApiSuccess } from '../../contract/envelope.ts';
import { messages } from '../../contract/messages.ts';
import { ApiError } from '../http/errors.ts';
import type { Database } from './client.ts';

/** A table an administration list shows: a uuid `id`, `status`, `version` and `updatedAt`. */
export type AdminTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
};

type Executor = Pick<Database, 'update' | 'select'>;

/**
 * `UPDATE … SET values, version = version + 1 WHERE id AND version`: true when written, false when
 * the record moved on since the client read `version` (answer 409 with `staleAnswer`), 404 when
 * the record does not exist.
 *
 *   if (!(await versionedUpdate(db, userGroups, id, body.version, { name: body.name })))
 *     return c.json(staleAnswer(await groupRow(db, id)), 409);
 */
export async function versionedUpdate<T extends AdminTable>(
  db: Executor,
  table: T,
  id: string,
  version: number,
  values: PgUpdateSetSource<T>,
): Promise<boolean> {
  const set = {
    ...values,
    version: sql`${table.version} + 1`,
    updatedAt: sql`now()`,
  } as PgUpdateSetSource<T>;
  const updated = await db
    .update(table)
    .set(set)
    .where(and(eq(table.id, id), eq(table.version, version)) as SQL)
    .returning({ id: table.id });
  if (updated.length > 0) return true;
  const [exists] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1);
  if (!exists) throw new ApiError(404, messages.notFound);
  return false;
}

/**
 * Thrown inside an update's transaction when the row's version moved on since the client read it,
 * so the rest of the transaction (link rows, permissions) rolls back with it; the route catches it
 * and answers 409 with `staleAnswer`.
 */
export class StaleVersion extends Error {}

/**
 * The 409 body of a stale update: the current record, for the client to show and retry from. The
 * team dashboard's forms say it in their own words (`memberMessages.staleVersion`).
 */
export function staleAnswer<T>(current: T, message: string = adminMessages.staleVersion): ApiSuccess<T> {
  return { message, results: current };
}
