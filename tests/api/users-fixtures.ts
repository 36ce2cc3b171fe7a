import { and, eq, sql } from 'drizzle-orm';
import type { UserCreateInput } from '../../contract/users.ts';
import type { Database } from '../../server/db/client.ts';
import { administratorRoles, rolePermissions } from '../../server/db/schema/administrator-roles.ts';
import { membershipLevels, membershipRoles } from '../../server/db/schema/lookups.ts';
import { modules, submodules } from '../../server/db/schema/modules.ts';
import { profileFieldGroups, profileFields } from '../../server/db/schema/profile-fields.ts';
import { userGroups } from '../../server/db/schema/user-groups.ts';
import { users } from '../../server/db/schema/users.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

const byName = (rows: { id: string; name: string }[]) =>
  Object.fromEntries(rows.map((row) => [row.name, row.id]));

/** Ids of the seeded groups, membership roles, levels and administrator roles, by name. */
export async function userLookups(db: Database) {
  return {
    groups: byName(await db.select({ id: userGroups.id, name: userGroups.name }).from(userGroups)),
    roles: byName(
      await db.select({ id: membershipRoles.id, name: membershipRoles.name }).from(membershipRoles),
    ),
    levels: byName(
      await db.select({ id: membershipLevels.id, name: membershipLevels.name }).from(membershipLevels),
    ),
    adminRoles: byName(
      await db.select({ id: administratorRoles.id, name: administratorRoles.name }).from(administratorRoles),
    ),
    /** A value for each required published profile field of the seed, which every valid form needs. */
    requiredFields: Object.fromEntries(
      (
        await db
          .select({ id: profileFields.id, options: profileFields.options })
          .from(profileFields)
          .where(and(eq(profileFields.status, true), eq(profileFields.required, true)))
      ).map((field) => [field.id, field.options[0] ?? 'E-1001']),
    ),
  };
}
export type UserLookups = Awaited<ReturnType<typeof userLookups>>;

/** A fresh app on its own database for a test file, with the admin's token and the seed's lookups. */
export async function openUsersTest() {
  const t = await createTestContext();
  const admin = await t.login(demo.admin.email, demo.admin.password);
  return { t, admin, l: await userLookups(t.db) };
}

/** How many users the database holds, to show that a refused request wrote nothing. */
export async function countUsers(db: Database) {
  return Number((await db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n);
}

/** A user form that passes every check. */
export function validUser(l: UserLookups, overrides: Partial<UserCreateInput> = {}): UserCreateInput {
  return {
    groupId: [l.groups.Sales as string],
    roleId: [l.roles.Growth as string],
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: 'secret12',
    confirmPassword: 'secret12',
    membershipId: l.levels.Gold as string,
    adminstrativeRoleId: null,
    profileFields: l.requiredFields,
    ...overrides,
  };
}

type Actions = Partial<Record<'canView' | 'canAdd' | 'canEdit' | 'canDelete' | 'canPublish', boolean>>;

/**
 * A signed-in user whose administrator role grants `actions` on user-management/users only, so a
 * test can show the server refusing the rest.
 */
export async function tokenWithUserPermissions(t: TestContext, email: string, actions: Actions) {
  const [role] = await t.db
    .insert(administratorRoles)
    .values({ name: `Role of ${email}`, status: true })
    .returning({ id: administratorRoles.id });
  const [submodule] = await t.db
    .select({ id: submodules.id })
    .from(submodules)
    .innerJoin(modules, eq(modules.id, submodules.moduleId))
    .where(and(eq(modules.slug, 'user-management'), eq(submodules.slug, 'users')));
  if (!role || !submodule) throw new Error('Missing role or users submodule');
  await t.db.insert(rolePermissions).values({ roleId: role.id, submoduleId: submodule.id, ...actions });
  await t.createUser({ email, password: 'secret12', administrativeRoleId: role.id });
  return t.login(email, 'secret12');
}

/**
 * A token of a user whose role grants every action on every submodule without being the built-in
 * role, so the built-in role's holders are within what the caller holds.
 */
export async function tokenWithEveryPermission(t: TestContext, email: string) {
  const [role] = await t.db
    .insert(administratorRoles)
    .values({ name: `Role of ${email}`, status: true })
    .returning({ id: administratorRoles.id });
  if (!role) throw new Error('Inserting a role returned nothing');
  const all = await t.db.select({ id: submodules.id }).from(submodules);
  await t.db.insert(rolePermissions).values(
    all.map(({ id }) => ({
      roleId: role.id,
      submoduleId: id,
      canView: true,
      canAdd: true,
      canEdit: true,
      canDelete: true,
      canPublish: true,
    })),
  );
  await t.createUser({ email, password: 'secret12', administrativeRoleId: role.id });
  return t.login(email, 'secret12');
}

/** A published profile field in a group of its own. */
export async function profileField(
  db: Database,
  fields: { name: string; type?: string; options?: string[]; required?: boolean; status?: boolean },
) {
  const [group] = await db
    .insert(profileFieldGroups)
    .values({ name: `Group of ${fields.name}`, sort: 1 })
    .returning({ id: profileFieldGroups.id });
  if (!group) throw new Error('Inserting a profile field group returned nothing');
  const [field] = await db
    .insert(profileFields)
    .values({ type: 'text', status: true, ...fields, groupId: group.id })
    .returning({ id: profileFields.id });
  if (!field) throw new Error('Inserting a profile field returned nothing');
  return field.id;
}
