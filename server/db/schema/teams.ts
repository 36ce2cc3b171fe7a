import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz, trigram, updatedAt, version } from '../columns.ts';
import { courses } from './courses.ts';
import { membershipLevels, membershipRoles } from './lookups.ts';
import { userGroups } from './user-groups.ts';
import { users } from './users.ts';

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
    /** When the user joined the team: a training "due within N days" counts from here for a later joiner. */
    joinedAt: timestampTz('joined_at').notNull().defaultNow(),
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
