import { userMessages } from '../../contract/users.ts';
import { unusablePasswordHash } from '../auth/password.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/rows.ts';
import { userGroupMembers, userMembershipRoles, userProfileValues, users } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';

/** An import row that passed every check, its names resolved to ids. */
export type Accepted = {
  index: number;
  firstName: string;
  lastName: string;
  email: string;
  membershipLevelId: string;
  administrativeRoleId: string | null;
  roleIds: string[];
  groupIds: string[];
  values: { fieldId: string; value: string | string[] }[];
};

/** One transaction, one INSERT per table; users get no usable password until they set one. */
export async function insertImported(db: Database, accepted: Accepted[]) {
  if (accepted.length === 0) return [];
  try {
    return await db.transaction(async (tx) => {
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
        .values(
          accepted.flatMap((user) => user.groupIds.map((groupId) => ({ groupId, userId: userId(user) }))),
        );
      await tx
        .insert(userMembershipRoles)
        .values(accepted.flatMap((user) => user.roleIds.map((roleId) => ({ roleId, userId: userId(user) }))));
      const values = accepted.flatMap((user) =>
        user.values.map((value) => ({ ...value, userId: userId(user) })),
      );
      if (values.length > 0) await tx.insert(userProfileValues).values(values);
      return inserted.map((row) => ({ ...row, link: '' }));
    });
  } catch (error) {
    // An email taken between the check and the insert: nothing of the batch was written.
    if (isUniqueViolation(error)) throw new ApiError(409, userMessages.duplicateEmail);
    throw error;
  }
}
