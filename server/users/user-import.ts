import { inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { parseCsv } from '../../contract/csv.ts';
import { messages } from '../../contract/messages.ts';
import {
  type ProfileValues,
  profileValueErrors,
  USER_IMPORT_MAX_ROWS,
  USER_IMPORT_REQUIRED_COLUMNS,
  type UserImportReport,
  type UserImportResult,
  type userImportSchema,
  userMessages,
} from '../../contract/users.ts';
import { toFieldErrors } from '../../contract/validation.ts';
import { roleWithinCaller } from '../auth/account-control.ts';
import { roleAllows } from '../auth/require-permission.ts';
import { createResetToken, INVITATION_TTL_MS } from '../auth/reset-tokens.ts';
import type { Database } from '../db/client.ts';
import { administratorRoles, membershipLevels, membershipRoles, userGroups, users } from '../db/schema.ts';
import type { AppDeps, AuthState } from '../http/app-env.ts';
import { ApiError } from '../http/errors.ts';
import { publishedProfileFields, storableValues } from './published-fields.ts';
import { type Accepted, insertImported } from './user-import-write.ts';
import { userInvitationMail } from './user-invitation-mail.ts';

/** Names in a roles or groups cell, separated by ';'. */
const nameList = (cell: string) =>
  cell
    .split(';')
    .map((name) => name.trim())
    .filter(Boolean);

const text = (message: string, max: number) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(message), v.maxLength(max));
const names = (message: string) =>
  v.pipe(v.string(), v.transform(nameList), v.minLength(1, message), v.maxLength(100));

/** A row checked with the user form's rules; references are names here, resolved afterwards. */
const importRowSchema = v.object({
  firstName: text(userMessages.firstNameRequired, 100),
  lastName: text(userMessages.lastNameRequired, 100),
  email: v.pipe(text(userMessages.emailRequired, 254), v.email(userMessages.emailInvalid), v.toLowerCase()),
  membership: text(userMessages.membershipRequired, 200),
  roles: names(userMessages.roleRequired),
  groups: names(userMessages.groupRequired),
  administrativeRole: v.pipe(v.string(), v.trim(), v.maxLength(200)),
});

const refused = (message: string) => new ApiError(422, messages.validationFailed, { csv: message });

/** Lower-cased name -> id of the rows of `table` named in `wanted`; the oldest wins a shared name. */
async function idsByName(
  db: Database,
  table: typeof membershipLevels | typeof membershipRoles | typeof userGroups | typeof administratorRoles,
  wanted: Set<string>,
) {
  const map = new Map<string, string>();
  if (wanted.size === 0) return map;
  const rows = await db
    .select({ id: table.id, key: sql<string>`lower(${table.name})` })
    .from(table)
    .where(inArray(sql`lower(${table.name})`, [...wanted]))
    .orderBy(table.createdAt, table.id);
  for (const row of rows) if (!map.has(row.key)) map.set(row.key, row.id);
  return map;
}

/** `Unknown membership role: Gold, Iron.` for the names not found, or undefined. */
function unknown(message: string, map: Map<string, string>, given: string[]) {
  const missing = given.filter((name) => !map.has(name.toLowerCase()));
  return missing.length > 0 ? `${message}: ${missing.join(', ')}.` : undefined;
}

/**
 * POST /user/batch. Every row is checked on its own (the form's rules, known names, published
 * profile fields, an email without an account and not repeated above it, an administrator role only
 * from a caller who may give roles and holds every permission of it); a refused row writes nothing
 * and does not stop the others. The accepted rows are written in one transaction, and each new
 * user is mailed a link to set a password.
 */
export async function importUsers(
  { db, config, mailer }: AppDeps,
  caller: AuthState,
  input: v.InferOutput<typeof userImportSchema>,
): Promise<UserImportReport> {
  const { firstRow } = input;
  const parsed = parseCsv(input.csv);
  if (parsed.error) throw refused(parsed.error);
  const [header = [], ...records] = parsed.records;
  const columns = header.map((name) => name.trim().toLowerCase());
  if (USER_IMPORT_REQUIRED_COLUMNS.some((name) => !columns.includes(name.toLowerCase())))
    throw refused(userMessages.importMissingColumns);
  const rows = records
    .map((cells, index) => ({ row: firstRow + index, cells }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) throw refused(userMessages.importEmpty);
  if (rows.length > USER_IMPORT_MAX_ROWS) throw refused(userMessages.importTooMany);

  const cell = (cells: string[], name: string) => {
    const at = columns.indexOf(name.toLowerCase());
    return at < 0 ? '' : (cells[at] ?? '');
  };
  const fields = await publishedProfileFields(db);
  const results: UserImportResult[] = [];
  const checked: { index: number; row: v.InferOutput<typeof importRowSchema>; values: ProfileValues }[] = [];
  for (const [index, { row, cells }] of rows.entries()) {
    const email = cell(cells, 'email').trim();
    results.push({ row, email, status: 'created', reason: '' });
    const result = v.safeParse(importRowSchema, {
      firstName: cell(cells, 'firstName'),
      lastName: cell(cells, 'lastName'),
      email,
      membership: cell(cells, 'membership'),
      roles: cell(cells, 'roles'),
      groups: cell(cells, 'groups'),
      administrativeRole: cell(cells, 'administrativeRole'),
    });
    const values: ProfileValues = {};
    for (const field of fields) {
      const given = cell(cells, field.name.trim());
      values[field._id] = field.type === 'checkbox' ? nameList(given) : given.trim();
    }
    const fieldErrors = Object.entries(profileValueErrors(fields, values)).map(([key, message]) => {
      const name = fields.find((field) => `profileFields.${field._id}` === key)?.name ?? key;
      return `${name}: ${message}`;
    });
    const problems = [...(result.success ? [] : Object.values(toFieldErrors(result.issues))), ...fieldErrors];
    const target = results[index] as UserImportResult;
    if (!result.success || problems.length > 0) {
      Object.assign(target, { status: 'refused', reason: problems.join(' ') });
    } else {
      checked.push({ index, row: result.output, values });
    }
  }

  const lower = (list: string[]) => new Set(list.map((name) => name.toLowerCase()));
  const all = (pick: (row: v.InferOutput<typeof importRowSchema>) => string[]) =>
    lower(checked.flatMap(({ row }) => pick(row)));
  const [levels, roles, groups, adminRoles] = await Promise.all([
    idsByName(
      db,
      membershipLevels,
      all((row) => [row.membership]),
    ),
    idsByName(
      db,
      membershipRoles,
      all((row) => row.roles),
    ),
    idsByName(
      db,
      userGroups,
      all((row) => row.groups),
    ),
    idsByName(
      db,
      administratorRoles,
      all((row) => (row.administrativeRole ? [row.administrativeRole] : [])),
    ),
  ]);
  const emails = [...new Set(checked.map(({ row }) => row.email))];
  const existing =
    emails.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .select({ email: sql<string>`lower(${users.email})` })
              .from(users)
              .where(inArray(sql`lower(${users.email})`, emails))
          ).map((row) => row.email),
        );

  // As the form: giving a role takes the role screen's edit permission and no permission beyond the caller's.
  const mayGrant =
    caller.administrativeRoleId !== null &&
    (await roleAllows(db, caller.administrativeRoleId, 'user-management', 'role-permission', 'edit'));
  const grantable = new Map<string, boolean>();
  for (const roleId of new Set(adminRoles.values()))
    grantable.set(roleId, mayGrant && (await roleWithinCaller(db, caller, roleId)));
  const roleProblem = (name: string) => {
    const roleId = adminRoles.get(name.toLowerCase());
    if (!roleId) return unknown(userMessages.importUnknownAdministrativeRole, adminRoles, [name]);
    if (!mayGrant) return userMessages.importRoleNotGranted;
    return grantable.get(roleId) ? undefined : userMessages.roleNotHeld;
  };

  const seen = new Set<string>();
  const accepted: Accepted[] = [];
  for (const { index, row, values } of checked) {
    const problems = [
      unknown(userMessages.importUnknownMembership, levels, [row.membership]),
      unknown(userMessages.importUnknownRole, roles, row.roles),
      unknown(userMessages.importUnknownGroup, groups, row.groups),
      row.administrativeRole ? roleProblem(row.administrativeRole) : undefined,
      existing.has(row.email) ? userMessages.duplicateEmail : undefined,
      seen.has(row.email) ? userMessages.importRepeatedEmail : undefined,
    ].filter((problem): problem is string => problem !== undefined);
    seen.add(row.email);
    if (problems.length > 0) {
      Object.assign(results[index] as UserImportResult, { status: 'refused', reason: problems.join(' ') });
      continue;
    }
    const id = (map: Map<string, string>, name: string) => map.get(name.toLowerCase()) as string;
    accepted.push({
      index,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      membershipLevelId: id(levels, row.membership),
      administrativeRoleId: row.administrativeRole ? id(adminRoles, row.administrativeRole) : null,
      roleIds: [...new Set(row.roles.map((name) => id(roles, name)))],
      groupIds: [...new Set(row.groups.map((name) => id(groups, name)))],
      values: storableValues(fields, values),
    });
  }

  const created = await insertImported(db, accepted);
  for (const user of created) {
    const token = await createResetToken(db, user.id, INVITATION_TTL_MS);
    user.link = `${config.appUrl}/reset-password/${token}`;
  }
  await mailer.sendMany(created.map((user) => userInvitationMail(user, user.link)));
  const count = results.filter((result) => result.status === 'created').length;
  return { rows: results, created: count, refused: results.length - count };
}
