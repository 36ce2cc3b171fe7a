import { inArray, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { parseCsv } from '../../../contract/csv.ts';
import { messages } from '../../../contract/messages.ts';
import {
  USER_IMPORT_MAX_ROWS,
  USER_IMPORT_REQUIRED_COLUMNS,
  type UserImportReport,
  type UserImportResult,
  type userImportSchema,
} from '../../../contract/user-csv.ts';
import { type ProfileValues, userMessages } from '../../../contract/users.ts';
import { accountsAdministeredBy, roleWithinCaller } from '../../auth/account-control.ts';
import { roleAllows } from '../../auth/require-permission.ts';
import { createResetToken, INVITATION_TTL_MS } from '../../auth/reset-tokens.ts';
import type { Database } from '../../db/client.ts';
import { administratorRoles } from '../../db/schema/administrator-roles.ts';
import { membershipLevels, membershipRoles } from '../../db/schema/lookups.ts';
import { userGroups } from '../../db/schema/user-groups.ts';
import { users } from '../../db/schema/users.ts';
import type { AppDeps, AuthState } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { publishedProfileFields, storableValues } from './published-fields.ts';
import { keepsAnEnabledSystemAdmin, systemRoleHolders } from './user-guards.ts';
import { type ImportRow, parseRow } from './user-import-rows.ts';
import { type Accepted, type AcceptedUpdate, writeImported } from './user-import-write.ts';
import { userInvitationMail } from './user-invitation-mail.ts';

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
function unknown(message: string, map: Map<string, string>, given: string[] | undefined) {
  const missing = (given ?? []).filter((name) => !map.has(name.toLowerCase()));
  return missing.length > 0 ? `${message}: ${missing.join(', ')}.` : undefined;
}

type Existing = { id: string; roleId: string | null };

/** The accounts of the file's emails, by lower-cased email. */
async function accountsByEmail(db: Database, emails: string[]): Promise<Map<string, Existing>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})`, id: users.id, roleId: users.administrativeRoleId })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return new Map(rows.map((row) => [row.email, { id: row.id, roleId: row.roleId }]));
}

/**
 * POST /user/batch. Every row is checked on its own (the form's rules, known names, published
 * profile fields, an email not repeated above it, an administrator role only from a caller who may
 * give roles and holds every permission of it); a refused row writes nothing and does not stop the
 * others. A row whose email has no account creates a user, mailed a link to set a password; a row
 * whose email has one updates that user, as the Edit User form would, when the caller may change
 * that account (server/auth/account-control.ts). The accepted rows are written in one transaction.
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
  const emailOf = (cells: string[]) => cell(cells, 'email').trim();
  const fields = await publishedProfileFields(db);
  const existing = await accountsByEmail(db, [
    ...new Set(rows.map(({ cells }) => emailOf(cells).toLowerCase()).filter(Boolean)),
  ]);

  const results: UserImportResult[] = [];
  const checked: { index: number; row: ImportRow; values: ProfileValues; account?: Existing }[] = [];
  for (const [index, { row, cells }] of rows.entries()) {
    const email = emailOf(cells);
    const account = existing.get(email.toLowerCase());
    results.push({ row, email, status: account ? 'updated' : 'created', reason: '' });
    const names = ['firstName', 'lastName', 'email', 'membership', 'roles', 'groups', 'administrativeRole'];
    const given = Object.fromEntries(names.map((name) => [name, cell(cells, name)])) as Parameters<
      typeof parseRow
    >[0];
    const result = parseRow(given, (field) => cell(cells, field.name.trim()), fields, account !== undefined);
    if (result.ok) checked.push({ index, row: result.row, values: result.values, account });
    else
      Object.assign(results[index] as UserImportResult, {
        status: 'refused',
        reason: result.problems.join(' '),
      });
  }

  const lower = (list: string[]) => new Set(list.map((name) => name.toLowerCase()));
  const all = (pick: (row: ImportRow) => (string | undefined)[] | undefined) =>
    lower(checked.flatMap(({ row }) => (pick(row) ?? []).filter((name): name is string => Boolean(name))));
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
      all((row) => [row.administrativeRole]),
    ),
  ]);

  // As the form: giving a role takes the role screen's edit permission and no permission beyond the caller's.
  const callerRole = caller.administrativeRoleId;
  const may = async (submodule: string, action: 'edit') =>
    callerRole !== null && (await roleAllows(db, callerRole, 'user-management', submodule, action));
  const mayGrant = await may('role-permission', 'edit');
  const mayEdit = await may('users', 'edit');
  const grantable = new Map<string, boolean>();
  for (const roleId of new Set(adminRoles.values()))
    grantable.set(roleId, mayGrant && (await roleWithinCaller(db, caller, roleId)));
  const roleProblem = (name: string) => {
    const roleId = adminRoles.get(name.toLowerCase());
    if (!roleId) return unknown(userMessages.importUnknownAdministrativeRole, adminRoles, [name]);
    if (!mayGrant) return userMessages.importRoleNotGranted;
    return grantable.get(roleId) ? undefined : userMessages.roleNotHeld;
  };
  // Existing accounts the caller may change: with the users screen's edit permission, and only
  // accounts whose role grants nothing the caller lacks.
  const administered = await accountsAdministeredBy(
    db,
    caller,
    checked.flatMap(({ account }) => (account ? [account.id] : [])),
  );
  const accountProblem = (account: Existing) => {
    if (!mayEdit) return userMessages.importNoEdit;
    return administered.has(account.id.toLowerCase()) ? undefined : userMessages.accountAboveCaller;
  };

  const seen = new Set<string>();
  const accepted: Accepted[] = [];
  const updates: (AcceptedUpdate & { changesRole: boolean })[] = [];
  for (const { index, row, values, account } of checked) {
    const id = (map: Map<string, string>, name: string) => map.get(name.toLowerCase()) as string;
    const newRoleId = row.administrativeRole
      ? adminRoles.get(row.administrativeRole.toLowerCase())
      : undefined;
    // An update gives a role only when the row names another one than the user has.
    const givesRole = row.administrativeRole !== undefined && (!account || newRoleId !== account.roleId);
    const problems = [
      account ? accountProblem(account) : undefined,
      row.membership ? unknown(userMessages.importUnknownMembership, levels, [row.membership]) : undefined,
      unknown(userMessages.importUnknownRole, roles, row.roles),
      unknown(userMessages.importUnknownGroup, groups, row.groups),
      givesRole && row.administrativeRole ? roleProblem(row.administrativeRole) : undefined,
      seen.has(row.email) ? userMessages.importRepeatedEmail : undefined,
    ].filter((problem): problem is string => problem !== undefined);
    seen.add(row.email);
    if (problems.length > 0) {
      Object.assign(results[index] as UserImportResult, { status: 'refused', reason: problems.join(' ') });
      continue;
    }
    const roleIds = row.roles && [...new Set(row.roles.map((name) => id(roles, name)))];
    const groupIds = row.groups && [...new Set(row.groups.map((name) => id(groups, name)))];
    if (account) {
      updates.push({
        index,
        userId: account.id,
        set: {
          ...(row.firstName ? { firstName: row.firstName } : {}),
          ...(row.lastName ? { lastName: row.lastName } : {}),
          ...(row.membership ? { membershipLevelId: id(levels, row.membership) } : {}),
          ...(givesRole && newRoleId ? { administrativeRoleId: newRoleId } : {}),
        },
        ...(roleIds ? { roleIds } : {}),
        ...(groupIds ? { groupIds } : {}),
        values: storableValues(fields, values),
        changesRole: givesRole,
      });
      continue;
    }
    accepted.push({
      index,
      firstName: row.firstName as string,
      lastName: row.lastName as string,
      email: row.email,
      membershipLevelId: id(levels, row.membership as string),
      administrativeRoleId: newRoleId ?? null,
      roleIds: roleIds ?? [],
      groupIds: groupIds ?? [],
      values: storableValues(fields, values),
    });
  }

  // As the form: the built-in role keeps at least one enabled user. Rows that would take it from
  // the last ones are refused (those of users who do not hold it lose nothing by it).
  const changing = updates.filter((update) => update.changesRole);
  const ids = changing.map((update) => update.userId);
  if (!(await keepsAnEnabledSystemAdmin(db, ids))) {
    const holders = await systemRoleHolders(db, ids);
    for (const update of changing.filter((entry) => holders.has(entry.userId)))
      Object.assign(results[update.index] as UserImportResult, {
        status: 'refused',
        reason: userMessages.lastSystemAdmin,
      });
  }
  const kept = updates.filter((update) => results[update.index]?.status === 'updated');

  const created = await writeImported(db, accepted, kept);
  for (const user of created) {
    const token = await createResetToken(db, user.id, INVITATION_TTL_MS);
    user.link = `${config.appUrl}/reset-password/${token}`;
  }
  await mailer.sendMany(created.map((user) => userInvitationMail(user, user.link)));
  const count = (status: UserImportResult['status']) => results.filter((r) => r.status === status).length;
  return { rows: results, created: count('created'), updated: count('updated'), refused: count('refused') };
}
