import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FieldErrors } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import {
  profileValueErrors,
  type UserCreateOutput,
  type UserUpdateOutput,
  userMessages,
} from '../../../contract/users.ts';
import {
  requireAccountsWithinCaller,
  requireRoleGranting,
  roleWithinCaller,
} from '../../auth/account-control.ts';
import { hashPassword } from '../../auth/password.ts';
import { endSessionsAfterCredentialChange } from '../../auth/sessions.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/rows.ts';
import { administratorRoles } from '../../db/schema/administrator-roles.ts';
import { membershipLevels, membershipRoles } from '../../db/schema/lookups.ts';
import { userGroups } from '../../db/schema/user-groups.ts';
import { userMembershipRoles, userProfileValues, users } from '../../db/schema/users.ts';
import { versionedUpdate } from '../../db/versioned-update.ts';
import type { AuthState } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { syncUserGroups } from './group-memberships.ts';
import { publishedProfileFields, storableValues } from './published-fields.ts';
import { refuseDemotingLastAdmin } from './user-guards.ts';
import { planTeamChange, writeTeamChange } from './user-teams.ts';

type UserFields = Omit<UserCreateOutput, 'password' | 'confirmPassword'>;
type Checked = UserFields & { values: { fieldId: string; value: string | string[] }[] };

const duplicateEmail = () =>
  new ApiError(409, userMessages.duplicateEmail, { email: userMessages.duplicateEmail });

/** Whether every id names a row of the table (ids are unique here). */
async function allExist(db: Database, table: PgTable & { id: PgColumn }, ids: string[]) {
  if (ids.length === 0) return true;
  const found = await db.$count(table, inArray(table.id, ids));
  return Number(found) === ids.length;
}

/**
 * Checks what the schema cannot: every chosen group, role, level and administrator role exists,
 * and the profile values fit the published fields. 422 with each field's message otherwise.
 */
async function checkReferences(db: Database, input: UserFields): Promise<Checked> {
  const groupId = [...new Set(input.groupId)];
  const roleId = [...new Set(input.roleId)];
  const errors: FieldErrors = {};
  if (!(await allExist(db, userGroups, groupId))) errors.groupId = userMessages.invalidChoice;
  if (!(await allExist(db, membershipRoles, roleId))) errors.roleId = userMessages.invalidChoice;
  if (!(await allExist(db, membershipLevels, [input.membershipId])))
    errors.membershipId = userMessages.membershipRequired;
  if (input.adminstrativeRoleId && !(await allExist(db, administratorRoles, [input.adminstrativeRoleId])))
    errors.adminstrativeRoleId = userMessages.invalidChoice;
  const fields = await publishedProfileFields(db);
  Object.assign(errors, profileValueErrors(fields, input.profileFields));
  if (Object.keys(errors).length > 0) throw new ApiError(422, messages.validationFailed, errors);
  return { ...input, groupId, roleId, values: storableValues(fields, input.profileFields) };
}

async function emailTaken(db: Database, email: string, exceptId?: string) {
  const taken = await db.$count(
    users,
    and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId ? ne(users.id, exceptId) : undefined),
  );
  return Number(taken) > 0;
}

/**
 * Giving an administrator role takes the role screen's edit permission (403 without it), and the
 * role may grant nothing the caller lacks (422 on the field): nobody hands out more than they hold.
 */
async function requireGrantable(db: Database, caller: AuthState, roleId: string | null) {
  if (!roleId) return;
  await requireRoleGranting(db, caller);
  if (!(await roleWithinCaller(db, caller, roleId))) {
    throw new ApiError(422, messages.validationFailed, { adminstrativeRoleId: userMessages.roleNotHeld });
  }
}

/**
 * Replaces the user's groups, roles and profile values with the form's. Groups the user stays in
 * keep their row, so the day they joined (which a training's deadline may count from) stays too.
 */
async function writeLinks(tx: Transaction, userId: string, input: Checked) {
  await syncUserGroups(tx, userId, input.groupId);
  await tx.delete(userMembershipRoles).where(eq(userMembershipRoles.userId, userId));
  await tx.delete(userProfileValues).where(eq(userProfileValues.userId, userId));
  await tx.insert(userMembershipRoles).values(input.roleId.map((roleId) => ({ roleId, userId })));
  if (input.values.length > 0) {
    await tx.insert(userProfileValues).values(input.values.map((value) => ({ ...value, userId })));
  }
}

/** POST /user: the new user's id; 409 when the email has an account. */
export async function createUser(db: Database, caller: AuthState, input: UserCreateOutput): Promise<string> {
  const checked = await checkReferences(db, input);
  await requireGrantable(db, caller, checked.adminstrativeRoleId);
  if (await emailTaken(db, input.email)) throw duplicateEmail();
  const teamChange = await planTeamChange(db, caller, undefined, input.teamId);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          firstName: checked.firstName,
          lastName: checked.lastName,
          email: checked.email,
          passwordHash,
          requirePasswordReset: input.resetPassword,
          membershipLevelId: checked.membershipId,
          administrativeRoleId: checked.adminstrativeRoleId,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('Inserting a user returned nothing');
      await writeLinks(tx, row.id, checked);
      await writeTeamChange(tx, row.id, teamChange);
      return row.id;
    });
  } catch (error) {
    // Two creates of one email at once: the unique index decides.
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

/**
 * PATCH /user/{id}: false when `version` is stale (nothing written); 404 for an unknown user, 409
 * for an email another account has or an account whose role grants more than the caller's. An
 * empty password keeps the current one; a new password or email ends the user's sessions.
 */
export async function updateUser(
  db: Database,
  caller: AuthState,
  id: string,
  input: UserUpdateOutput,
): Promise<boolean> {
  const [current] = await db
    .select({ email: users.email, roleId: users.administrativeRoleId })
    .from(users)
    .where(eq(users.id, id));
  if (!current) throw new ApiError(404, messages.notFound);
  await requireAccountsWithinCaller(db, caller, [id], userMessages.accountAboveCaller);
  const checked = await checkReferences(db, input);
  if (checked.adminstrativeRoleId !== current.roleId)
    await requireGrantable(db, caller, checked.adminstrativeRoleId ?? current.roleId);
  if (await emailTaken(db, input.email, id)) throw duplicateEmail();
  await refuseDemotingLastAdmin(db, id, checked.adminstrativeRoleId);
  const teamChange = await planTeamChange(db, caller, id, input.teamId);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const credentialsChange =
    Boolean(passwordHash) || input.email.toLowerCase() !== current.email.toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      const written = await versionedUpdate(tx, users, id, input.version, {
        firstName: checked.firstName,
        lastName: checked.lastName,
        email: checked.email,
        membershipLevelId: checked.membershipId,
        administrativeRoleId: checked.adminstrativeRoleId,
        // As on the member form: the flag is the form's, and the next sign-in asks for a new password.
        requirePasswordReset: input.resetPassword,
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (written) await writeLinks(tx, id, checked);
      if (written) await writeTeamChange(tx, id, teamChange);
      if (written && credentialsChange) await endSessionsAfterCredentialChange(tx, id, caller);
      return written;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}
