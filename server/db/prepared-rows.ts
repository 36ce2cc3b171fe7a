import { createHash } from 'node:crypto';
import type { PGliteInterface, QueryOptions } from '@electric-sql/pglite';
import { is, type SQL, sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import type { Database, Transaction } from './client.ts';
import { queryRows } from './rows.ts';

const dialect = new PgDialect();
/**
 * The statements prepared on each embedded database, by name (keyed by its drizzle dialect, shared
 * by its transactions): the PREPARE under way or done, so that two first calls at once prepare once.
 */
const preparedOn = new WeakMap<object, Map<string, Promise<unknown>>>();
/** The transactions already told to plan their prepared statements once (genericPlans). */
const genericIn = new WeakSet<object>();

/**
 * Makes the rest of the transaction run prepared statements on their generic plan. PostgreSQL plans
 * the first five runs of a prepared statement with their values, then keeps doing so whenever the
 * plan it would make without them looks dearer: for the learner's progress reads it always does,
 * and planning them (milliseconds) costs many times more than running them. Scoped to the
 * transaction (SET LOCAL), so the other reads, whose plans may hinge on their values (a partial
 * index, a date range), are planned as before.
 */
async function genericPlans(tx: Transaction) {
  if (genericIn.has(tx)) return;
  await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
  genericIn.add(tx);
}

/**
 * genericPlans without a statement of its own, for the statement a learner write begins its
 * transaction with (its lock on the learner): `run` selects the column it is given (SET LOCAL as a
 * function) and answers whether that statement gave a row, which is when it took effect.
 */
export async function withGenericPlans<T>(
  tx: Transaction,
  run: (column: SQL<string>) => Promise<{ result: T; row: boolean }>,
): Promise<T> {
  const { result, row } = await run(sql<string>`set_config('plan_cache_mode', 'force_generic_plan', true)`);
  if (row) genericIn.add(tx);
  return result;
}

/** A parameter as an SQL literal for EXECUTE, or undefined for a kind this does not write. */
function literal(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  return undefined;
}

/**
 * Rows of a hand-written query (as queryRows) sent as a prepared statement named after its text, so
 * the database plans it once per connection and reuses a generic plan, instead of planning it on
 * every call. For large queries run on every learner write, whose planning costs more than their
 * running. On PostgreSQL it is the protocol's named statement, which pg prepares per pooled
 * connection; on the embedded database (one session) PREPARE once, then EXECUTE with the values as
 * literals. Any other case runs the query as it is. In a transaction, the plan is the generic one
 * (genericPlans); outside one, the database chooses as it does for any prepared statement.
 */
export async function preparedRows<T>(db: Database | Transaction, query: SQL): Promise<T[]> {
  if (is(db, PgTransaction)) await genericPlans(db as Transaction);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = statementName(text);
  const session = db._.session;
  if (is(session, NodePgSession)) {
    const result = await session.prepareQuery({ sql: text, params }, undefined, name, false).execute();
    return (result as unknown as { rows: T[] }).rows;
  }
  const owner = (session as unknown as { dialect?: object }).dialect;
  const literals = params.map(literal);
  if (is(session, PgliteSession) && owner && literals.every((value) => value !== undefined)) {
    await prepareOnce(owner, name, () => db.execute(sql.raw(`prepare ${name} as ${text}`)));
    const args = literals.length > 0 ? `(${literals.join(', ')})` : '';
    return queryRows<T>(db as Database, sql.raw(`execute ${name}${args}`));
  }
  return queryRows<T>(db as Database, query);
}

/** The name of a prepared statement: one per text, the same in every process. */
export const statementName = (text: string) =>
  `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/** Runs `prepare` once per database and name; a PREPARE that failed is tried again on the next call. */
function prepareOnce(owner: object, name: string, prepare: () => Promise<unknown>) {
  const prepared = preparedOn.get(owner) ?? new Map<string, Promise<unknown>>();
  preparedOn.set(owner, prepared);
  let done = prepared.get(name);
  if (!done) {
    // A prepared statement outlives a transaction that rolls back, so it is known once made.
    done = prepare().catch((error) => {
      prepared.delete(name);
      throw error;
    });
    prepared.set(name, done);
  }
  return done;
}

/** What drizzle's prepared queries on the embedded database hold: PGlite's `query` (and `exec`). */
type PgliteClient = Pick<PGliteInterface, 'query' | 'exec'>;

/**
 * Makes a drizzle prepared query (`.prepare(name)`) of the embedded database run as a named
 * statement there, as pg does on PostgreSQL: PGlite sends every query as the protocol's unnamed
 * statement, parsed and planned on each call. Here the query is PREPAREd once under a name taken
 * from its text, then EXECUTEd with its values as literals; a call with a value of a kind `literal`
 * does not write runs as before. Does nothing on PostgreSQL.
 */
export function namedOnEmbedded(db: Database, prepared: object) {
  const session = db._.session;
  const owner = (session as unknown as { dialect?: object }).dialect;
  if (!is(session, PgliteSession) || !owner) return;
  const target = prepared as { client: PgliteClient; queryString: string };
  const { client, queryString } = target;
  const name = statementName(queryString);
  target.client = {
    query: (async (text: string, params: unknown[] = [], options?: QueryOptions) => {
      const literals = params.map(literal);
      if (text !== queryString || literals.some((value) => value === undefined))
        return client.query(text, params, options);
      await prepareOnce(owner, name, () => client.exec(`prepare ${name} as ${text}`));
      const args = literals.length > 0 ? `(${literals.join(', ')})` : '';
      return client.query(`execute ${name}${args}`, [], options);
    }) as PGliteInterface['query'],
    exec: (query, options) => client.exec(query, options),
  };
}
