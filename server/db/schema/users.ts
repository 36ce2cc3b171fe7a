import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, trigram, updatedAt, version } from '../columns.ts';
import { administratorRoles } from './administrator-roles.ts';
import { departments, locations, membershipLevels, membershipRoles } from './lookups.ts';
import { profileFields } from './profile-fields.ts';
import { teams } from './teams.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** `scrypt$N$r$p$salt$hash`, see server/auth/password.ts. */
    passwordHash: text('password_hash').notNull(),
    profilePicture: text('profile_picture'),
    status: boolean('status').notNull().default(true),
    requirePasswordReset: boolean('require_password_reset').notNull().default(false),
    administrativeRoleId: uuid('administrative_role_id').references(() => administratorRoles.id, {
      onDelete: 'set null',
    }),
    membershipLevelId: uuid('membership_level_id').references(() => membershipLevels.id, {
      onDelete: 'set null',
    }),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    defaultTeamId: uuid('default_team_id').references(() => teams.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    // Sign-in looks users up by lower(email); the same expression keeps emails unique regardless of case.
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_administrative_role_idx').on(t.administrativeRoleId),
    index('users_name_idx').on(t.firstName, t.lastName),
    index('users_location_idx').on(t.locationId),
    index('users_membership_level_idx').on(t.membershipLevelId),
    // The administration's user list, newest first, paged by LIMIT/OFFSET.
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('users_department_idx').on(t.departmentId),
    trigram('users_first_name_trgm_idx', t.firstName),
    trigram('users_last_name_trgm_idx', t.lastName),
    trigram('users_email_trgm_idx', t.email),
    // The member search also matches "First Last" typed as one.
    index('users_full_name_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
  ],
);

export const userMembershipRoles = pgTable(
  'user_membership_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => membershipRoles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId] }),
    index('user_membership_roles_role_idx').on(t.roleId),
  ],
);

/** A user's answers to the profile fields: a string, or a list of strings for checkboxes. */
export const userProfileValues = pgTable(
  'user_profile_values',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => profileFields.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<string | string[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.fieldId] }),
    index('user_profile_values_field_idx').on(t.fieldId),
  ],
);
