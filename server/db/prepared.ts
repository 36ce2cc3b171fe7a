import type { Database } from './client.ts';
import { namedOnEmbedded, statementName } from './prepared-rows.ts';

/** What drizzle's `.prepare(name)` answers: a query built once, run with its placeholders' values. */
type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

/**
 * A statement that a hot path runs on every request, built once per database with drizzle's
 * `.prepare(name)` and its values as `sql.placeholder`s: the SQL text is not built again on each
 * call, and on PostgreSQL pg prepares it once per pooled connection under its name, so the server
 * parses it once and plans it as a prepared statement (a generic plan once the first runs show that
 * the values change nothing); on the embedded database it is made a named statement too
 * (namedOnEmbedded). `build` must give one text whatever the values: pg refuses a name
 * prepared again with another text. Not for transactions, whose connection is lent for one use.
 *
 * @example
 * const byId = preparedPerDatabase((db) =>
 *   db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('user_by_id'));
 * const [user] = await byId(db).execute({ id });
 */
export function preparedPerDatabase<P extends Prepared>(build: (db: Database) => P): (db: Database) => P {
  const made = new WeakMap<Database, P>();
  return (db) => {
    let prepared = made.get(db);
    if (!prepared) {
      prepared = build(db);
      namedOnEmbedded(db, prepared);
      made.set(db, prepared);
    }
    return prepared;
  };
}

/**
 * Runs a query built on each call, whose text depends on which filters it has, as a prepared
 * statement named after that text: PostgreSQL parses and plans each of its few texts once per pooled
 * connection, not once per request. For the reads every screen of a list sends (its page and its
 * total), whose planning costs as much as their running. The values stay parameters, so a text is
 * the same whatever they are. Not for transactions (preparedPerDatabase).
 *
 * @example
 * const rows = await preparedByText(db, db.select().from(users).where(userWhere(query)).limit(20));
 */
export function preparedByText<P extends Prepared>(
  db: Database,
  query: { toSQL(): { sql: string }; prepare(name: string): P },
): ReturnType<P['execute']> {
  const prepared = query.prepare(statementName(query.toSQL().sql));
  namedOnEmbedded(db, prepared);
  return prepared.execute() as ReturnType<P['execute']>;
}
