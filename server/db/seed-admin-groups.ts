import { asc, eq, notExists, sql } from 'drizzle-orm';
import type { Transaction } from './client.ts';
import { profileFieldGroups, profileFields } from './schema/profile-fields.ts';
import { userGroupMembers, userGroups } from './schema/user-groups.ts';
import { users } from './schema/users.ts';

/**
 * Profile fields of a fresh install, by group; the published ones show on the user form. None is
 * required, so a demo user can still be added or imported with the basic fields alone.
 */
const profileFieldsToSeed = [
  {
    group: 'Personal Details',
    fields: [
      { name: 'Date of Birth', type: 'date', status: true },
      { name: 'T-Shirt Size', type: 'select', options: ['S', 'M', 'L', 'XL'], status: true },
      { name: 'Preferred Language', type: 'radio', options: ['English', 'Spanish', 'French'], status: false },
    ],
  },
  {
    group: 'Work Details',
    fields: [
      { name: 'Employee Number', type: 'text', status: true },
      { name: 'Years of Experience', type: 'number', status: true },
      {
        name: 'Certifications',
        type: 'checkbox',
        options: ['Forklift', 'First Aid', 'Food Safety'],
        status: false,
      },
    ],
  },
  {
    group: 'Emergency Contact',
    fields: [
      { name: 'Contact Name', type: 'text', status: false },
      { name: 'Contact Notes', type: 'textarea', status: false },
    ],
  },
] as const;

const MEMBERS_PER_EMPTY_GROUP = 3;

/**
 * The administration's profile fields and their groups, and a few members for any user group the
 * rest of the seed left empty, so the User Profile Field and User Group screens show data at once.
 */
export async function seedAdminGroups(tx: Transaction): Promise<void> {
  for (const [index, entry] of profileFieldsToSeed.entries()) {
    const [group] = await tx
      .insert(profileFieldGroups)
      .values({ name: entry.group, sort: index + 1 })
      .onConflictDoNothing()
      .returning({ id: profileFieldGroups.id });
    if (!group) continue;
    await tx.insert(profileFields).values(
      entry.fields.map((field) => ({
        name: field.name,
        type: field.type,
        groupId: group.id,
        options: 'options' in field ? [...field.options] : [],
        status: field.status,
      })),
    );
  }

  const empty = await tx
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(
      notExists(
        tx.select({ one: sql`1` }).from(userGroupMembers).where(eq(userGroupMembers.groupId, userGroups.id)),
      ),
    )
    .orderBy(asc(userGroups.name));
  if (empty.length === 0) return;
  const candidates = await tx
    .select({ id: users.id })
    .from(users)
    .orderBy(asc(users.email))
    .limit(empty.length * MEMBERS_PER_EMPTY_GROUP);
  const rows = empty.flatMap((group, groupIndex) =>
    candidates
      .slice(groupIndex * MEMBERS_PER_EMPTY_GROUP, (groupIndex + 1) * MEMBERS_PER_EMPTY_GROUP)
      .map((user) => ({ groupId: group.id, userId: user.id })),
  );
  if (rows.length > 0) await tx.insert(userGroupMembers).values(rows).onConflictDoNothing();
}
