import * as v from 'valibot';
import { statusParam } from './admin-list.ts';
import { userFilterEntries } from './admin-list-queries.ts';
import { searchParam } from './list-query.ts';
import { userMessages } from './users.ts';
import { noNul } from './validation.ts';

/**
 * The users administration's CSV: `GET /user/export` and `POST /user/batch` (see contract/users.ts
 * for the routes, and USER_CSV_COLUMNS for what a file holds).
 */

/** The export takes the list's filters without paging; `limit` (any positive number) caps the rows. */
export const userExportQuerySchema = v.object({
  search: searchParam,
  status: statusParam,
  ...userFilterEntries,
  limit: v.fallback(
    v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1))),
    undefined,
  ),
});
export type UserExportQuery = v.InferOutput<typeof userExportQuerySchema>;

/**
 * CSV columns of the export, in order, followed by one column per published profile field named
 * as the field (choices of a checkbox field separated by ';'). The import reads columns by header
 * name (any order, case-insensitive): it needs firstName, lastName, email, membership, roles and
 * groups, also reads administrativeRole and the profile field columns, and ignores the others
 * (status, createdAt). Names, not ids: membership is a level name; roles and groups are names
 * separated by ';'; administrativeRole is an administrator role name or empty.
 *
 * A row is matched to an account by email (case-insensitive):
 * - No account: a new user, with the user form's rules (membership, a role and a group, required
 *   profile fields). A CSV carries no passwords: each new user is mailed a link to set theirs
 *   (valid 7 days).
 * - An account: that user is updated ('updated' in the report), as the Edit User form would: a
 *   filled cell replaces the value, a blank cell keeps what the user has (so members added by a
 *   team lead, who have no membership, role or group, stay so). Password, status, email and
 *   sessions are untouched and no mail is sent. The caller needs the users screen's edit
 *   permission, may change only accounts whose administrator role grants nothing beyond the
 *   caller's, and gives or changes an administrator role only as the form may.
 * So a file exported here can be imported again: its rows update the users they came from.
 */
export const USER_CSV_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'membership',
  'roles',
  'groups',
  'administrativeRole',
  'status',
  'createdAt',
] as const;
export const USER_IMPORT_REQUIRED_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'membership',
  'roles',
  'groups',
] as const;
export const USER_IMPORT_MAX_ROWS = 1000;
/** Characters of CSV in one import request; the whole JSON body is also capped at 1 MB (413). */
export const USER_IMPORT_MAX_BYTES = 900 * 1024;

/** POST /user/batch body: the CSV text with its header line. */
export const userImportSchema = v.object({
  csv: v.optional(
    v.pipe(
      v.string(userMessages.importCsvRequired),
      v.nonEmpty(userMessages.importCsvRequired),
      v.maxLength(USER_IMPORT_MAX_BYTES, 'The file is too large.'),
      noNul,
    ),
    '',
  ),
  /** The file's line number of the first data row (header is row 1). */
  firstRow: v.optional(v.pipe(v.number(), v.integer(), v.minValue(2)), 2),
});
export type UserImportInput = v.InferInput<typeof userImportSchema>;

export type UserImportResult = {
  row: number;
  email: string;
  /** created: a new user; updated: the user with this email was changed; refused: nothing written. */
  status: 'created' | 'updated' | 'refused';
  /** Why the row was refused ('' otherwise), e.g. 'Unknown membership role: Gold.' or 'First name is required.'. */
  reason: string;
};
export type UserImportReport = {
  rows: UserImportResult[];
  created: number;
  updated: number;
  refused: number;
};
