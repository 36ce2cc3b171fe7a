import { and, eq, inArray, sql } from 'drizzle-orm';
import { userMessages } from '../../../contract/users.ts';
import { unusablePasswordHash } from '../../auth/password.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/rows.ts';
import { userGroupMembers } from '../../db/schema/user-groups.ts';
import { userMembershipRoles, userProfileValues, users } from '../../db/schema/users.ts';
import { ApiError } from '../../http/errors.ts';
import { syncUserGroups } from './group-memberships.ts';

type StoredValue = { fieldId: string; value: string | string[] };

/** A new user's import row that passed every check, its names resolved to ids. */
export type Accepted = {
  index: number;
  firstName: string;
  lastName: string;
  email: string;
  membershipLevelId: string;
  administrativeRoleId: string | null;
  roleIds: string[];
  groupIds: string[];
  values: StoredValue[];
};

/** An existing user's import row that passed every check: only what the row gives is set. */
export type AcceptedUpdate = {
  index: number;
  userId: string;
  set: Partial<{
    firstName: string;
    lastName: string;
    membershipLevelId: string;
    administrativeRoleId: string;
  }>;
  roleIds?: string[];
  groupIds?: string[];
  values: StoredValue[];
};

/** One INSERT per table; users get no usable password until they set one. */
async function insertUsers(tx: Transaction, accepted: Accepted[]) {
  if (accepted.length === 0) return [];
  const inserted = await tx
    .insert(users)
    .values(
      accepted.map((user) => ({
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        passwordHash: unusablePasswordHash(),
        requirePasswordReset: true,
        membershipLevelId: user.membershipLevelId,
        administrativeRoleId: user.administrativeRoleId,
      })),
    )
    .returning({ id: users.id, email: users.email, firstName: users.firstName });
  const idOf = new Map(inserted.map((row) => [row.email, row.id]));
  const userId = (user: Accepted) => idOf.get(user.email) as string;
  await tx
    .insert(userGroupMembers)
    .values(accepted.flatMap((user) => user.groupIds.map((groupId) => ({ groupId, userId: userId(user) }))));
  await tx
    .insert(userMembershipRoles)
    .values(accepted.flatMap((user) => user.roleIds.map((roleId) => ({ roleId, userId: userId(user) }))));
  const values = accepted.flatMap((user) => user.values.map((value) => ({ ...value, userId: userId(user) })));
  if (values.length > 0) await tx.insert(userProfileValues).values(values);
  return inserted.map((row) => ({ ...row, link: '' }));
}

/**
 * Each user gets what its row gives and a new version (an Edit User form opened meanwhile is then
 * told the record moved on); the lists a row gives replace the user's, the profile values it gives
 * replace those fields' values only.
 */
async function updateUsers(tx: Transaction, updates: AcceptedUpdate[]) {
  for (const update of updates) {
    await tx
      .update(users)
      .set({ ...update.set, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, update.userId));
    if (update.roleIds) {
      await tx.delete(userMembershipRoles).where(eq(userMembershipRoles.userId, update.userId));
      await tx
        .insert(userMembershipRoles)
        .values(update.roleIds.map((roleId) => ({ roleId, userId: update.userId })));
    }
    if (update.groupIds) {
      await syncUserGroups(tx, update.userId, update.groupIds);
    }
    if (update.values.length > 0) {
      const fieldIds = update.values.map((value) => value.fieldId);
      await tx
        .delete(userProfileValues)
        .where(
          and(eq(userProfileValues.userId, update.userId), inArray(userProfileValues.fieldId, fieldIds)),
        );
      await tx
        .insert(userProfileValues)
        .values(update.values.map((value) => ({ ...value, userId: update.userId })));
    }
  }
}

/** The accepted rows in one transaction: new users created, existing ones updated. */
export async function writeImported(db: Database, accepted: Accepted[], updates: AcceptedUpdate[]) {
  if (accepted.length === 0 && updates.length === 0) return [];
  try {
    return await db.transaction(async (tx) => {
      const created = await insertUsers(tx, accepted);
      await updateUsers(tx, updates);
      return created;
    });
  } catch (error) {
    // An email taken between the check and the insert: nothing of the batch was written.
    if (isUniqueViolation(error)) throw new ApiError(409, userMessages.duplicateEmail);
    throw error;
  }
}
