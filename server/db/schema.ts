import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const timestampTz = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => timestampTz('created_at').notNull().defaultNow();
const updatedAt = () => timestampTz('updated_at').notNull().defaultNow();
/** Bumped on every update so a later write carrying a stale version can be refused with 409. */
const version = () => integer('version').notNull().default(1);
/** Trigram index so `ILIKE '%term%'` searches do not scan the whole table. */
const trigram = (name: string, column: AnyPgColumn) => index(name).using('gin', sql`${column} gin_trgm_ops`);

export const administratorRoles = pgTable('administrator_roles', {
  id: id(),
  name: text('name').notNull(),
  status: boolean('status').notNull().default(true),
  /** The built-in role: every permission on every submodule, whatever role_permissions says. */
  isSystem: boolean('is_system').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});

export const modules = pgTable('modules', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  icon: text('icon').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const submodules = pgTable(
  'submodules',
  {
    id: id(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** Client route of the screen, e.g. /app/user-management/users. */
    path: text('path').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('submodules_module_slug_idx').on(t.moduleId, t.slug)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => administratorRoles.id, { onDelete: 'cascade' }),
    submoduleId: uuid('submodule_id')
      .notNull()
      .references(() => submodules.id, { onDelete: 'cascade' }),
    canView: boolean('can_view').notNull().default(false),
    canAdd: boolean('can_add').notNull().default(false),
    canEdit: boolean('can_edit').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(false),
    canPublish: boolean('can_publish').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.submoduleId] })],
);

export const membershipLevels = pgTable('membership_levels', {
  id: id(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const membershipRoles = pgTable('membership_roles', {
  id: id(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const locations = pgTable(
  'locations',
  { id: id(), title: text('title').notNull(), createdAt: createdAt() },
  (t) => [index('locations_title_idx').on(t.title), trigram('locations_title_trgm_idx', t.title)],
);

export const departments = pgTable(
  'departments',
  { id: id(), title: text('title').notNull(), createdAt: createdAt() },
  (t) => [index('departments_title_idx').on(t.title), trigram('departments_title_trgm_idx', t.title)],
);

export const teams = pgTable(
  'teams',
  {
    id: id(),
    title: text('title').notNull(),
    teamName: text('team_name').notNull(),
    status: boolean('status').notNull().default(true),
    teamMemberType: text('team_member_type').$type<'users' | 'teams'>().notNull().default('users'),
    membershipLevelId: uuid('membership_level_id').references(() => membershipLevels.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('teams_member_type_check', sql`${t.teamMemberType} in ('users', 'teams')`),
    index('teams_title_idx').on(t.title),
    trigram('teams_title_trgm_idx', t.title),
  ],
);

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
    trigram('users_first_name_trgm_idx', t.firstName),
    trigram('users_last_name_trgm_idx', t.lastName),
    trigram('users_email_trgm_idx', t.email),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is only ever known to the client. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const userGroups = pgTable('user_groups', {
  id: id(),
  name: text('name').notNull(),
  status: boolean('status').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('user_group_members_user_idx').on(t.userId)],
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

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  // The primary key serves "members of a team"; the second index serves "teams of a user".
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

export const teamLeads = pgTable(
  'team_leads',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_leads_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Answers of writes by Idempotency-Key, so a replayed offline write is answered without writing twice. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Every mail the server sends; without SMTP it stays here (sent_at null) for development. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
    sentAt: timestampTz('sent_at'),
    error: text('error'),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
);

/** Fixed-window counters kept in the database so several API processes share them. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestampTz('reset_at').notNull(),
});
