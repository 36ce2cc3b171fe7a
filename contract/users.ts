import * as v from 'valibot';
import { type AdminRow, recordVersion } from './admin-list.ts';
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import type { FieldErrors } from './envelope.ts';
import { defineResource, resourcePaths } from './resource.ts';
import { noNul, passwordsMatch, personEntries } from './validation.ts';

/**
 * The Users administration (spec 2 `/app/user-management/users`, 4 user form, 5 messages, 7 `/user`).
 *
 * - `GET /user?page&limit&status&search&user_group&membership&membership_role&administrative`:
 *   `{ message, results: Paged<UserRow> }`, newest first. `search` matches first name, last name,
 *   "first last" and email; `user_group` a user group id, `membership` a membership level id,
 *   `membership_role` a membership role id, `administrative` an administrator role id.
 * - `GET /user/{id}`: `{ message, results: UserDetail }` (what the edit form pre-fills).
 * - `POST /user` with `UserCreateInput`: 201 with the UserDetail; a taken email is 409 with
 *   `errors: { email: userMessages.duplicateEmail }`. The new user is mailed a welcome: a link to
 *   sign in, or with 'Require Password Reset' a link to set their own password (a week long).
 *   A team in `teamId` the caller may not manage is 422 `errors: { teamId: teamNotManaged }`.
 * - `PATCH /user/{id}` with `UserUpdateInput` (`version` as read): the UserDetail; a stale version
 *   is 409 `{ message: adminMessages.staleVersion, results: <current UserDetail> }`.
 * - `POST /user/{id}` (no body) flips enabled/disabled; `POST /user/bulk-enable|bulk-disable` and
 *   `DELETE /user/bulk-delete` with `{ bulkId }`. Nobody may disable or delete their own account,
 *   nor leave the built-in administrator role without an enabled user (422 with the message).
 * - `GET /user/export?status&search&<filters>&limit`: a CSV (USER_CSV_COLUMNS) of the filtered list,
 *   newest first, streamed; `limit` (optional) caps the number of rows.
 * - `POST /user/batch` with `UserImportInput` (JSON: the CSV text, at most USER_IMPORT_MAX_ROWS
 *   rows): `{ message, results: UserImportReport }`. A row whose email has no account creates a
 *   user; a row whose email has one updates that user (see USER_CSV_COLUMNS). A client that shows
 *   progress sends a big file in parts, each with the header line, and `firstRow` so row numbers
 *   point at the file's lines.
 * - `GET /user/published-user-profile-field`: `{ message, results: PublishedProfileField[] }`.
 * - `GET /user/team/info?page&limit&search`: `{ message, results: Paged<UserTeamOption> }`, the
 *   teams of users the caller may put users in: every one for a role that may edit teams, else
 *   the teams the caller leads.
 */
/** The Users list: enabled or disabled rather than published. */
export const userResource = defineResource({
  path: '/user',
  module: 'user-management',
  submodule: 'users',
  statusWords: 'enable',
  noun: 'user',
});

export const userPaths = {
  ...resourcePaths(userResource),
  /** GET: the list's filters without paging, as CSV. */
  export: '/user/export',
  /** POST: a CSV import. */
  batch: '/user/batch',
  /** GET: the teams the caller may put users in, for the user form (searchable, paged). */
  teamInfo: '/user/team/info',
  publishedProfileFields: '/user/published-user-profile-field',
} as const;

export const userMessages = {
  groupRequired: 'You must select at least one user group.',
  roleRequired: 'You must select at least one role.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Email must be a valid email address.',
  passwordRequired: 'Password is required.',
  passwordMin: 'Password length should be 6 character at least.',
  confirmPasswordRequired: 'Confirm password is required.',
  passwordMismatch: 'Password does not match.',
  membershipRequired: 'Membership level is required.',
  // Server answers the spec does not word.
  invalidChoice: 'Choose a value from the list.',
  duplicateEmail: 'A user with this email already exists.',
  profileFieldRequired: 'This field is required.',
  profileFieldTooLong: 'This value is too long.',
  selfDisable: 'You cannot disable your own account.',
  selfDelete: 'You cannot delete your own account.',
  lastSystemAdmin: 'The built-in administrator role must keep at least one enabled user.',
  profileFieldsFetched: 'Profile fields fetched successfully.',
  bulkEnabled: 'Selected users are enabled successfully.',
  bulkDisabled: 'Selected users are disabled successfully.',
  imported: 'The rows are imported. Check the result of each row.',
  importEmpty: 'The file has no rows.',
  importTooMany: 'Send at most 1000 rows at a time.',
  importMissingColumns:
    'The first line must name the columns firstName, lastName, email, membership, roles and groups.',
  importCsvRequired: 'Choose a CSV file.',
  importUnknownMembership: 'Unknown membership level',
  importUnknownRole: 'Unknown membership role',
  importUnknownGroup: 'Unknown user group',
  importUnknownAdministrativeRole: 'Unknown administrator role',
  importRepeatedEmail: 'This email is repeated in the file.',
  roleNotHeld: 'You cannot give a role with permissions you do not have.',
  importRoleNotGranted: 'You may not give administrator roles.',
  importNoEdit: 'Your role may not change existing users.',
  accountAboveCaller: 'This user has permissions you do not have, so you cannot change their account.',
  teamNotManaged: 'You may not add users to this team.',
} as const;

export { type UserListQuery, userFilterEntries, userListQuerySchema } from './admin-list-queries.ts';

export type Named = { _id: string; name: string };

/** One row of the users list. `status` true = enabled. */
export type UserRow = AdminRow & {
  firstName: string;
  lastName: string;
  email: string;
  /** User groups, by name. */
  groups: Named[];
  /** Membership level. */
  membership: Named | null;
  /** Membership roles, by name. */
  membershipRoles: Named[];
  /** Administrator role; its `status` says whether it gives access to the administration. */
  administrativeRole: (Named & { status: boolean }) | null;
  createdAt: string;
};

/**
 * GET /user/{id}: the row plus the user's profile field values keyed by field id, whether the
 * next sign-in must set a new password, and the user's teams (each with whether the caller may
 * take the user out of it: a team the caller does not manage stays as it is).
 */
export type UserDetail = UserRow & {
  profileFields: ProfileValues;
  resetPassword: boolean;
  teams: UserTeam[];
};

/** A team on the user form; `managed` says whether the caller may add users to it or take them out. */
export type UserTeam = Named & { managed: boolean };

/** GET /user/team/info: a team the caller may put users in (a team of users, not of teams). */
export type UserTeamOption = { _id: string; label: string };

/** A profile field value: text for most types, a list for multi-choice (checkbox) fields. */
export type ProfileValue = string | string[];
export type ProfileValues = Record<string, ProfileValue>;

/**
 * A value as the user form edits it: a number or boolean (as a record read by an older server
 * still held in the offline cache) becomes its text; nothing usable is undefined.
 */
export function toProfileValue(value: unknown): ProfileValue | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value.flatMap((item) =>
      typeof item === 'string' || typeof item === 'number' ? [String(item)] : [],
    );
  return undefined;
}

/** GET /user/published-user-profile-field: published fields, ordered by group then creation. */
export type PublishedProfileField = {
  _id: string;
  name: string;
  /** The field type slug (from /dynamic-profile-field-type), e.g. text, textarea, select, radio, checkbox, date. */
  type: string;
  /** Choices of select, radio and checkbox fields; a value must be one of them when non-empty. */
  options: string[];
  required: boolean;
  group: { _id: string; name: string; sort: number };
};

export const PROFILE_VALUE_MAX = 1000;
const profileValue = v.union([
  v.pipe(v.string(), v.maxLength(PROFILE_VALUE_MAX, userMessages.profileFieldTooLong), noNul),
  v.pipe(v.array(v.pipe(v.string(), v.maxLength(200), noNul)), v.maxLength(50)),
]);
const profileValues = v.optional(
  v.pipe(
    v.record(v.pipe(v.string(), v.uuid(userMessages.invalidChoice)), profileValue),
    v.check((record) => Object.keys(record).length <= 200, userMessages.invalidChoice),
  ),
  {},
);

/**
 * Checks profile values against the published fields: a required field must be filled and a
 * choice must be one of the field's options. Values of fields that are not published are ignored
 * (the server drops them). Errors are keyed `profileFields.<fieldId>`, as the 422 body has them.
 */
export function profileValueErrors(
  fields: readonly PublishedProfileField[],
  values: ProfileValues,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const value = toProfileValue(values[field._id]);
    const list = value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((s) => s.trim());
    const filled = list.filter(Boolean);
    const key = `profileFields.${field._id}`;
    if (filled.length === 0) {
      if (field.required) errors[key] = userMessages.profileFieldRequired;
    } else if (field.options.length > 0 && filled.some((item) => !field.options.includes(item))) {
      errors[key] = userMessages.invalidChoice;
    }
  }
  return errors;
}

const idList = (message: string) =>
  v.optional(
    v.pipe(
      v.array(v.pipe(v.string(message), v.uuid(userMessages.invalidChoice)), message),
      v.minLength(1, message),
      v.maxLength(100),
    ),
    [],
  );

const password = v.pipe(
  v.string(userMessages.passwordRequired),
  v.nonEmpty(userMessages.passwordRequired),
  v.minLength(MIN_PASSWORD_LENGTH, userMessages.passwordMin),
  v.maxLength(200),
  noNul,
);
const confirmPassword = v.pipe(
  v.string(userMessages.confirmPasswordRequired),
  v.nonEmpty(userMessages.confirmPasswordRequired),
);

const entries = {
  groupId: idList(userMessages.groupRequired),
  roleId: idList(userMessages.roleRequired),
  ...personEntries(userMessages),
  membershipId: v.optional(
    v.pipe(v.string(userMessages.membershipRequired), v.uuid(userMessages.membershipRequired)),
    '',
  ),
  /** An administrator role id gives access to the administration; '' or null means none. */
  adminstrativeRoleId: v.optional(
    v.pipe(
      v.nullable(v.union([v.literal(''), v.pipe(v.string(), v.uuid(userMessages.invalidChoice))])),
      v.transform((value) => value || null),
    ),
    null,
  ),
  /** Values of the published profile fields, keyed by field id (see profileValueErrors). */
  profileFields: profileValues,
  /**
   * 'Require Password Reset': the next sign-in must set a new password (as on the member form).
   * On a new account it also makes the welcome mail a set-your-password link.
   */
  resetPassword: v.optional(v.boolean(), false),
  /**
   * The user's teams (teams of users): each one the caller manages, or one the user is in already.
   * Joining is team membership as the team form writes it; teams the caller does not manage stay.
   */
  teamId: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.uuid(userMessages.invalidChoice))), v.maxLength(100)),
    [],
  ),
};

/** POST /user: every field of the user form; password and its confirmation are required. */
export const userCreateSchema = v.pipe(
  v.object({
    ...entries,
    password: v.optional(password, ''),
    confirmPassword: v.optional(confirmPassword, ''),
  }),
  passwordsMatch({
    mismatch: userMessages.passwordMismatch,
    confirmRequired: userMessages.confirmPasswordRequired,
  }),
);
export type UserCreateInput = v.InferInput<typeof userCreateSchema>;
export type UserCreateOutput = v.InferOutput<typeof userCreateSchema>;

/** PATCH /user/{id}: an empty password keeps the current one; `version` is the one read. */
export const userUpdateSchema = v.pipe(
  v.object({
    ...entries,
    password: v.optional(v.union([v.literal(''), password]), ''),
    confirmPassword: v.optional(v.string(), ''),
    version: recordVersion,
  }),
  passwordsMatch({
    mismatch: userMessages.passwordMismatch,
    confirmRequired: userMessages.confirmPasswordRequired,
  }),
);
export type UserUpdateInput = v.InferInput<typeof userUpdateSchema>;
export type UserUpdateOutput = v.InferOutput<typeof userUpdateSchema>;
