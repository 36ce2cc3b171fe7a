import * as v from 'valibot';
import { type AdminRow, versionField } from './admin-list.ts';
import type { Paged } from './envelope.ts';
import { limitParam, pageParam, searchParam } from './list-query.ts';
import { defineResource } from './resource.ts';
import { noNul } from './validation.ts';

export const userGroupResource = defineResource({
  path: '/user-group',
  module: 'user-management',
  submodule: 'users-group',
  statusWords: 'publish',
  noun: 'user group',
});

/** User groups (spec: Group: name; membership action create (add) or delete). */
export const userGroupMessages = {
  nameRequired: 'Group name is required.',
  nameTooLong: 'Group name must be at most 100 characters.',
  groupRequired: 'Group is required.',
  usersRequired: 'Select at least one user.',
  actionRequired: 'Action must be create or delete.',
  versionRequired: 'Version is required.',
  membersAdded: 'Members are added to the group successfully.',
  membersRemoved: 'Members are removed from the group successfully.',
  userNotFound: 'One of the selected users does not exist.',
} as const;

export const userGroupPaths = {
  list: '/user-group',
  /** Light list `{ _id, name }` of every group, for selects in other forms. */
  info: '/user-group/info',
  /** PATCH to update; POST with no body flips status. */
  one: (groupId: string) => `/user-group/${groupId}`,
  information: (groupId: string) => `/user-group/information/${groupId}`,
  /** POST `{ groupId, userIds, action }`: adds or removes members. */
  edit: '/user-group/edit',
  /** DELETE with `{ bulkId }` (also reachable as bulk-delete, like every list). */
  delete: '/user-group/delete',
  bulkDelete: '/user-group/bulk-delete',
  bulkPublish: '/user-group/bulk-publish',
  bulkUnpublish: '/user-group/bulk-unpublish',
} as const;

export { type UserGroupListQuery, userGroupListQuery } from './admin-list-queries.ts';

// A missing field reads as empty so it gets the field's own message, not valibot's generic one.
const name = v.optional(
  v.pipe(
    v.string(userGroupMessages.nameRequired),
    v.trim(),
    v.nonEmpty(userGroupMessages.nameRequired),
    v.maxLength(100, userGroupMessages.nameTooLong),
    noNul,
  ),
  '',
);
const version = versionField(userGroupMessages.versionRequired);

export const userGroupSchema = v.object({ name });
export type UserGroupInput = v.InferInput<typeof userGroupSchema>;
export const userGroupUpdateSchema = v.object({ name, version });
export type UserGroupUpdateInput = v.InferInput<typeof userGroupUpdateSchema>;

const groupId = v.optional(
  v.pipe(v.string(userGroupMessages.groupRequired), v.uuid(userGroupMessages.groupRequired)),
  '',
);

export const GROUP_MEMBER_ACTIONS = ['create', 'delete'] as const;
export const groupMembersSchema = v.object({
  groupId,
  userIds: v.optional(
    v.pipe(
      v.array(
        v.pipe(v.string(), v.uuid('Each selected id must be a valid id.')),
        userGroupMessages.usersRequired,
      ),
      v.minLength(1, userGroupMessages.usersRequired),
      v.maxLength(500, 'Select at most 500 users at a time.'),
    ),
    [],
  ),
  action: v.optional(v.picklist(GROUP_MEMBER_ACTIONS, userGroupMessages.actionRequired), '' as never),
});
export type GroupMembersInput = v.InferInput<typeof groupMembersSchema>;

/** Query of GET /user-group/information/{id}: the group's members, paged and searchable. */
export const groupMembersQuery = v.object({ page: pageParam, limit: limitParam(10), search: searchParam });
export type GroupMembersQuery = v.InferOutput<typeof groupMembersQuery>;

export type UserGroupRow = AdminRow & { name: string; memberCount: number; createdAt: string };
export type UserGroupOption = { _id: string; name: string };
export type GroupMember = {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  profilePicture: string | null;
};
export type UserGroupInformation = { group: UserGroupRow; members: Paged<GroupMember> };
