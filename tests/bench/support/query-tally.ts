import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

type Entry = { count: number; ms: number };

/**
 * Counts and times the SQL statements the process sends, on either driver (pg's clients, and
 * PGlite with its transactions' statements), by the statement's text; `snapshot` and `since` give
 * what a stretch of the benchmark sent. A statement's time runs from its call to its answer, so on
 * PGlite it includes the wait for the one connection. Installed once; for benchmarks only.
 */
export function installQueryTally() {
  const byText = new Map<string, Entry>();
  const record = (text: unknown, ms: number) => {
    // A prepared statement's EXECUTE counts under its name, not its values.
    const key =
      typeof text === 'string'
        ? text
            .replace(/\s+/g, ' ')
            .trim()
            .replace(/^(execute \w+)\(.*\)$/, '$1')
        : String(text);
    const entry = byText.get(key) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += ms;
    byText.set(key, entry);
  };
  const timed = <T>(text: unknown, run: () => Promise<T>): Promise<T> => {
    const at = performance.now();
    return run().finally(() => record(text, performance.now() - at));
  };

  const pgQuery = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; the promise form is the one drizzle uses
  pg.Client.prototype.query = function (this: pg.Client, config: any, ...rest: any[]) {
    const at = performance.now();
    const text = typeof config === 'string' ? config : config?.text;
    // The pool's own query passes a callback (the last argument); a client's, none and gets a promise.
    const last = rest.length - 1;
    const callback = rest[last];
    if (typeof callback === 'function')
      rest[last] = (...args: unknown[]) => {
        record(text, performance.now() - at);
        return callback(...args);
      };
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const result = (pgQuery as any).call(this, config, ...rest);
    if (!(result instanceof Promise)) return result;
    return result.finally(() => record(text, performance.now() - at));
  } as typeof pgQuery;

  // The wait for a pooled connection, listed as a statement of its own.
  // biome-ignore lint/suspicious/noExplicitAny: connect takes a callback or answers a promise
  const connect = pg.Pool.prototype.connect as (this: pg.Pool, callback?: any) => any;
  // biome-ignore lint/suspicious/noExplicitAny: see above
  pg.Pool.prototype.connect = function (this: pg.Pool, callback?: any) {
    const at = performance.now();
    const waited = () => record('(wait for a pooled connection)', performance.now() - at);
    if (typeof callback === 'function')
      return connect.call(this, (...args: unknown[]) => {
        waited();
        return callback(...args);
      });
    return (connect.call(this) as Promise<unknown>).finally(waited);
  } as typeof pg.Pool.prototype.connect;

  const liteQuery = PGlite.prototype.query;
  PGlite.prototype.query = function (this: PGlite, text, ...rest) {
    return timed(text, () => liteQuery.call(this, text, ...rest));
  } as typeof liteQuery;
  const liteTransaction = PGlite.prototype.transaction;
  PGlite.prototype.transaction = function (this: PGlite, callback) {
    record('BEGIN', 0);
    return liteTransaction.call(this, (tx) => {
      const query = tx.query.bind(tx);
      tx.query = (text, ...rest) => timed(text, () => query(text, ...rest));
      return callback(tx).finally(() => record('COMMIT', 0));
    });
  } as typeof liteTransaction;

  const snapshot = () => new Map([...byText].map(([text, entry]) => [text, { ...entry }]));
  /** The statements sent since `before`, most time first. */
  const since = (before: Map<string, Entry>) =>
    [...byText]
      .map(([text, entry]) => {
        const earlier = before.get(text) ?? { count: 0, ms: 0 };
        return { text, count: entry.count - earlier.count, ms: entry.ms - earlier.ms };
      })
      .filter((entry) => entry.count > 0)
      .sort((a, b) => b.ms - a.ms);
  return { snapshot, since };
}
