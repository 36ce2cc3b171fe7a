import * as v from 'valibot';
import { adminListQuery, idFilterParam } from './admin-list.ts';

/**
 * The search params of every administration list, apart from the forms' schemas and messages:
 * the routes' `validateSearch` run in the first-load bundle, and a module's top-level schemas
 * all ship with it once one of them is imported.
 */

/** GET /user and GET /user/export filters (spec 6: user_group, membership, membership_role, administrative). */
export const userFilterEntries = {
  user_group: idFilterParam,
  membership: idFilterParam,
  membership_role: idFilterParam,
  administrative: idFilterParam,
};
export const userListQuerySchema = adminListQuery(userFilterEntries);
export type UserListQuery = v.InferOutput<typeof userListQuerySchema>;

export const userGroupListQuery = adminListQuery({});
export type UserGroupListQuery = v.InferOutput<typeof userGroupListQuery>;

export const roleListQuerySchema = adminListQuery({});
export type RoleListQuery = v.InferOutput<typeof roleListQuerySchema>;

export const TEAM_MEMBER_TYPES = ['users', 'teams'] as const;
export type TeamMemberType = (typeof TEAM_MEMBER_TYPES)[number];

/** GET /team: page, limit, search (title or team name), status, member type and lead filters. */
export const teamListQuerySchema = adminListQuery({
  teamMemberType: v.fallback(v.optional(v.picklist(['all', ...TEAM_MEMBER_TYPES]), 'all'), 'all'),
  lead: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
});
export type TeamListQuery = v.InferOutput<typeof teamListQuerySchema>;

/** The profile field types' ids; contract/profile-fields.ts names and describes each. */
export const PROFILE_FIELD_TYPE_IDS = [
  'text',
  'textarea',
  'number',
  'date',
  'select',
  'radio',
  'checkbox',
] as const;
export type ProfileFieldTypeId = (typeof PROFILE_FIELD_TYPE_IDS)[number];

/** GET /user-profile-field filters: the list's own plus `group` and `type`. */
export const profileFieldListQuery = adminListQuery({
  group: idFilterParam,
  type: v.fallback(v.optional(v.picklist(PROFILE_FIELD_TYPE_IDS)), undefined),
});
export type ProfileFieldListQuery = v.InferOutput<typeof profileFieldListQuery>;
