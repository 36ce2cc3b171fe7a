import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from '../columns.ts';
import { users } from './users.ts';

/** Answers of writes by Idempotency-Key, so a replayed offline write is answered without writing twice. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /**
     * SHA-256 of the request (method, path with query, media type and body; a multipart body by
     * its parsed parts), so the key answers only the request it was sent with. Null on rows stored
     * before requests were hashed: those are matched on method and path alone.
     */
    requestHash: text('request_hash'),
    // Null while the first request with the key is still running; then its answer's status.
    statusCode: integer('status_code'),
    response: jsonb('response'),
    /** Which claim of the key is running: the claimant acts on the row only while this is its own. */
    claimId: uuid('claim_id'),
    /**
     * Until when the claim (status_code null) counts as running, in the database's clock; the
     * claimant moves it on while its handler runs. A claim past it belongs to a request that died
     * and is taken over by the next request with the key.
     */
    leaseEndsAt: timestampTz('lease_ends_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
