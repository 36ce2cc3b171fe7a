import { and, eq, notInArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { userGroupMembers } from '../../db/schema/user-groups.ts';

/**
 * Makes the user a member of exactly `groupIds`: rows of groups they stay in are kept, with the
 * day they joined, which a training "due within N days" of being assigned counts from.
 */
export async function syncUserGroups(tx: Transaction, userId: string, groupIds: string[]) {
  await tx
    .delete(userGroupMembers)
    .where(
      and(
        eq(userGroupMembers.userId, userId),
        groupIds.length > 0 ? notInArray(userGroupMembers.groupId, groupIds) : undefined,
      ),
    );
  if (groupIds.length === 0) return;
  await tx
    .insert(userGroupMembers)
    .values(groupIds.map((groupId) => ({ groupId, userId })))
    .onConflictDoNothing();
}
