import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
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
  // Sign-ins of a user, newest first (member activity and the team report).
  (t) => [index('sessions_user_idx').on(t.userId, t.createdAt)],
);

export const userGroups = pgTable(
  'user_groups',
  {
    id: id(),
    name: text('name').notNull(),
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('user_groups_created_idx').on(t.createdAt.desc(), t.id.desc()),
    trigram('user_groups_name_trgm_idx', t.name),
  ],
);

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
    /**
     * lower(last_name) and lower(first_name) of the user, copied here by triggers (migration 0002:
     * on insert, and when the user's name changes), so a team's members come out of one index in
     * name order: page 400 of a 10,000-member team then costs about what page 1 does.
     */
    sortLast: text('sort_last').notNull().default(''),
    sortFirst: text('sort_first').notNull().default(''),
  },
  // The primary key serves "members of a team"; the second index serves "teams of a user".
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_members_user_idx').on(t.userId),
    index('team_members_name_order_idx').on(t.teamId, t.sortLast, t.sortFirst, t.userId),
  ],
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
    /**
     * SHA-256 of the request (method, path with query, media type and body; a multipart body by
     * its parsed parts), so the key answers only the request it was sent with. Null on rows stored
     * before requests were hashed: those are matched on method and path alone.
     */
    requestHash: text('request_hash'),
    // Null while the first request with the key is still running; then its answer's status.
    statusCode: integer('status_code'),
    response: jsonb('response'),
    /** Which claim of the key is running: the claimant acts on the row only while this is its own. */
    claimId: uuid('claim_id'),
    /**
     * Until when the claim (status_code null) counts as running, in the database's clock; the
     * claimant moves it on while its handler runs. A claim past it belongs to a request that died
     * and is taken over by the next request with the key.
     */
    leaseEndsAt: timestampTz('lease_ends_at'),
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

/** Courses; the course administration builds on these (category, links, lessons come with it). */
export const courses = pgTable(
  'courses',
  {
    id: id(),
    name: text('name').notNull(),
    /** Enabled courses can be assigned. */
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index('courses_name_idx').on(t.name, t.id), trigram('courses_name_trgm_idx', t.name)],
);

export const checklists = pgTable(
  'checklists',
  {
    id: id(),
    title: text('title').notNull(),
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index('checklists_title_idx').on(t.title)],
);

/**
 * A training a team lead assigned to a team: some courses, for every member of the team
 * (`all`, members who join later included) or for the members in training_members (`some`).
 */
export const trainings = pgTable(
  'trainings',
  {
    id: id(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** A calendar day, no time zone: the day the training is due. */
    deadline: date('deadline', { mode: 'string' }),
    assignTo: text('assign_to').$type<'all' | 'some'>().notNull().default('all'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('trainings_assign_to_check', sql`${t.assignTo} in ('all', 'some')`),
    // The team's list, newest first; also finds a team's `all` trainings for the progress numbers.
    index('trainings_team_created_idx').on(t.teamId, t.createdAt.desc(), t.id.desc()),
    trigram('trainings_title_trgm_idx', t.title),
  ],
);

export const trainingCourses = pgTable(
  'training_courses',
  {
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.trainingId, t.courseId] }),
    index('training_courses_course_idx').on(t.courseId),
  ],
);

/** Members of a `some` training. */
export const trainingMembers = pgTable(
  'training_members',
  {
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedAt: timestampTz('assigned_at').notNull().defaultNow(),
    lastEmailedAt: timestampTz('last_emailed_at'),
  },
  (t) => [primaryKey({ columns: [t.trainingId, t.userId] }), index('training_members_user_idx').on(t.userId)],
);

/** A user finished a course (once; taking it again keeps the first completion). */
export const courseCompletions = pgTable(
  'course_completions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestampTz('completed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('course_completions_course_idx').on(t.courseId),
    index('course_completions_user_completed_idx').on(t.userId, t.completedAt),
  ],
);

/** A checklist given to a user; `completed_at` is set when the user completes it. */
export const checklistAssignments = pgTable(
  'checklist_assignments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checklistId: uuid('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    assignedAt: timestampTz('assigned_at').notNull().defaultNow(),
    completedAt: timestampTz('completed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.checklistId] }),
    index('checklist_assignments_checklist_idx').on(t.checklistId),
  ],
);

/** Events and virtual meetings; the events administration builds on these. */
export const events = pgTable(
  'events',
  {
    id: id(),
    title: text('title').notNull(),
    kind: text('kind').$type<'event' | 'virtual-meeting'>().notNull().default('event'),
    startsAt: timestampTz('starts_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('events_kind_check', sql`${t.kind} in ('event', 'virtual-meeting')`),
    index('events_starts_at_idx').on(t.startsAt),
  ],
);

/** Who was invited to an event, and whether they attended. */
export const eventAttendees = pgTable(
  'event_attendees',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attended: boolean('attended').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_attendees_user_idx').on(t.userId)],
);

/** Groups that order the profile fields on the user form (GET /user-profile-group). */
export const profileFieldGroups = pgTable('profile_field_groups', {
  id: id(),
  name: text('name').notNull().unique(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * Extra fields an administrator defines for users. Published ones show on the user form; a
 * required one must be filled there. `options` holds the choices of select, radio and checkbox types.
 */
export const profileFields = pgTable(
  'profile_fields',
  {
    id: id(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => profileFieldGroups.id, { onDelete: 'restrict' }),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    /** Published: shown on the user form. */
    status: boolean('status').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('profile_fields_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('profile_fields_group_idx').on(t.groupId),
    trigram('profile_fields_name_trgm_idx', t.name),
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

/** The user groups a team may assign training to (team form: assignableGroupId). */
export const teamAssignableGroups = pgTable(
  'team_assignable_groups',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.groupId] }),
    index('team_assignable_groups_group_idx').on(t.groupId),
  ],
);

/** The courses a team may assign (team form: assignableCoursesId). */
export const teamCourses = pgTable(
  'team_courses',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.courseId] }), index('team_courses_course_idx').on(t.courseId)],
);

/** The membership roles of a team (team form: membershipRoleId). */
export const teamMembershipRoles = pgTable(
  'team_membership_roles',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => membershipRoles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.roleId] }),
    index('team_membership_roles_role_idx').on(t.roleId),
  ],
);

/** For a team whose member type is `teams`: the teams it is made of. */
export const teamMemberTeams = pgTable(
  'team_member_teams',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    memberTeamId: uuid('member_team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.memberTeamId] }),
    index('team_member_teams_member_idx').on(t.memberTeamId),
    check('team_member_teams_not_self_check', sql`${t.teamId} <> ${t.memberTeamId}`),
  ],
);
