import * as v from 'valibot';
import { limitParam, pageParam, searchParam } from './list-query.ts';

/**
 * The conventions every administration list shares (users, profile fields, groups, teams, roles,
 * and the content and event screens after them):
 * - `GET /{resource}` with `page`, `limit`, `search`, `status` and the resource's own filters,
 *   answered `{ message, results: Paged<Row> }` newest first;
 * - `POST /{resource}/{id}` with no body flips the record's status, answered with
 *   'Status is updated successfully.' and the updated row;
 * - `POST /{resource}/bulk-publish|bulk-unpublish` (users: `bulk-enable|bulk-disable`) and
 *   `DELETE /{resource}/bulk-delete`, each with `{ bulkId: [...] }` (contract/bulk.ts);
 * - every row carries `_id`, `status` and `version`; an update sends the `version` it read.
 */
export const STATUS_FILTERS = ['all', 'true', 'false'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** `status`: all, true (enabled or published) or false; a bad value falls back to all. */
export const statusParam = v.fallback(
  v.optional(
    // The address reads `status=false` as the boolean; the filter is the word.
    v.pipe(
      v.union([v.picklist(STATUS_FILTERS), v.boolean()]),
      v.transform((value) => String(value) as StatusFilter),
    ),
    'all',
  ),
  'all',
);

/** An optional id filter (e.g. `user_group`); an empty or malformed value means no filter. */
export const idFilterParam = v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined);

/** The first page of an administration list shows this many rows. */
export const ADMIN_DEFAULT_LIMIT = 10;

/** page, limit, search and status, with the resource's own filters added. */
export function adminListQuery<const TEntries extends v.ObjectEntries>(filters: TEntries) {
  return v.object({
    page: pageParam,
    limit: limitParam(ADMIN_DEFAULT_LIMIT),
    search: searchParam,
    status: statusParam,
    ...filters,
  });
}

/** The shape every administration row has. */
export type AdminRow = { _id: string; status: boolean; version: number };

export type RecordAction = 'created' | 'updated' | 'deleted';

/** Longer names are cut with an ellipsis, so a toast stays a line or two. */
export const RECORD_MESSAGE_NAME_MAX = 60;

/**
 * The answer of a create, update or delete whose text the spec does not fix: what was done, naming
 * the record, as its toast shows it ("Course 'Working at height' created."). `noun` is the
 * resource's descriptor (its `noun`) or the word itself; a record without a name is left unnamed.
 */
export function recordMessage(noun: string | { noun: string }, name: string, action: RecordAction): string {
  const word = typeof noun === 'string' ? noun : noun.noun;
  const Noun = word.charAt(0).toUpperCase() + word.slice(1);
  const shown = name.trim().replace(/\s+/g, ' ');
  if (shown === '') return `${Noun} ${action}.`;
  const cut =
    shown.length > RECORD_MESSAGE_NAME_MAX
      ? `${shown.slice(0, RECORD_MESSAGE_NAME_MAX - 1).trimEnd()}…`
      : shown;
  return `${Noun} '${cut}' ${action}.`;
}

/**
 * Answers of administration writes, shared so screens and tests can rely on them. A single
 * record's create, update and delete name it instead (`recordMessage`); `created`, `updated` and
 * `deleted` remain for the writes that have no one record to name.
 */
export const adminMessages = {
  created: 'Record is created successfully.',
  updated: 'Record is updated successfully.',
  deleted: 'Record is deleted successfully.',
  bulkDeleted: 'Selected records are deleted successfully.',
  fetched: 'Record fetched successfully.',
  staleVersion: 'This record was changed by someone else. Review the current values and try again.',
  versionRequired: 'Version is required.',
} as const;

/** The largest `version` a record can have: the database keeps it in an integer column. */
export const MAX_RECORD_VERSION = 2_147_483_647;

/**
 * The `version` an update carries: the one the form read, so a stale edit gets 409. A missing one
 * runs through the checks as 0, so it gets `message` rather than valibot's generic one; one past
 * the database's integer gets it too, as no record can have it.
 */
export const versionField = (message: string) =>
  v.optional(
    v.pipe(
      v.number(message),
      v.integer(message),
      v.minValue(1, message),
      v.maxValue(MAX_RECORD_VERSION, message),
    ),
    0,
  );

export const recordVersion = versionField(adminMessages.versionRequired);

/** Answer of the bulk status routes: the records whose status was set. */
export type BulkStatusResult = { bulkId: string[] };
