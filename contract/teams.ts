import * as v from 'valibot';
import { MAX_RECORD_VERSION, recordVersion } from './admin-list.ts';
import { TEAM_MEMBER_TYPES, type TeamMemberType } from './admin-list-queries.ts';
import { limitParam, pageParam, searchParam } from './list-query.ts';
import { defineResource, resourcePaths } from './resource.ts';
import { noNul } from './validation.ts';

/** The Teams administration (spec 2 `users-team`, 3 'Team form', 5 'Team'). */
export const teamResource = defineResource({
  path: '/team',
  module: 'user-management',
  submodule: 'users-team',
  statusWords: 'publish',
  noun: 'team',
});

/** '/team' also carries the team dashboard's paths (contract/paths.ts). */
export const teamPaths = {
  ...resourcePaths(teamResource),
  duplicate: (teamId: string) => `/team/duplicate/${teamId}`,
  /** Users who can lead a team (and be its members): active accounts, searchable and paged. */
  leadInfo: '/team/team-lead/info',
  /** Enabled courses a team may be given, for the team form. */
  courseInfo: '/team/course/info',
  /**
   * A team of users' members on the team form: GET a page (`TeamMemberListQuery`, answered
   * `Paged<TeamMemberRow>` in name order), POST `TeamMembersAddInput` to add users, DELETE
   * `{ bulkId }` to remove them (their accounts stay). Adding and removing leave the team's version.
   */
  members: (teamId: string) => `/team/${teamId}/members`,
} as const;

export const teamMessages = {
  titleRequired: 'Title is required.',
  teamLeadRequired: 'Team leader is required.',
  teamMembersRequired: 'You must select at least one team member.',
  teamMemberTypeRequired: 'Team member type is required.',
  assignableGroupRequired: 'You must select at least one assignable user group.',
  coursesRequired: 'You must select at least one course.',
  membershipRoleRequired: 'You must select at least one membership role.',
  membershipLevelRequired: 'Membership level is required.',
  teamNameRequired: 'User team name is required.',
  // Answers the spec does not word (the other answers are adminMessages of contract/admin-list.ts).
  teamDuplicated: 'Team is duplicated successfully.',
  teamNotSelf: 'A team cannot contain itself.',
  membersAdded: 'Members are added to the team.',
  membersRemoved: 'Members are removed from the team.',
  teamOfTeams: 'This team is made of teams, not users.',
  notMembers: 'Some of the selected users are not members of this team.',
} as const;

export {
  TEAM_MEMBER_TYPES,
  type TeamListQuery,
  type TeamMemberType,
  teamListQuerySchema,
} from './admin-list-queries.ts';
export const TEAM_MEMBER_TYPE_LABELS: Record<TeamMemberType, string> = { users: 'Users', teams: 'Teams' };

/** Most members a team form may carry at once; larger teams are grown from the team dashboard. */
export const MAX_TEAM_MEMBERS = 5000;
const MAX_CHOICES = 200;

const text = (message: string) =>
  v.optional(v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(200), noNul), '');
/** A missing or empty list gets the field's own message, not valibot's generic one. */
const ids = (message: string, max = MAX_CHOICES) =>
  v.optional(
    v.pipe(
      v.array(v.pipe(v.string(message), v.uuid(message)), message),
      v.minLength(1, message),
      v.maxLength(max, `Select at most ${max}.`),
    ),
    [],
  );

export const teamSchema = v.object({
  title: text(teamMessages.titleRequired),
  teamName: text(teamMessages.teamNameRequired),
  /** The team's leads (user ids); the list answers them as 'lead(s)'. */
  teamLeadId: ids(teamMessages.teamLeadRequired, 50),
  // A missing type reads as '' so it gets the field's message, not valibot's generic one.
  teamMemberType: v.optional(
    v.picklist(TEAM_MEMBER_TYPES, teamMessages.teamMemberTypeRequired),
    '' as TeamMemberType,
  ),
  /** User ids when teamMemberType is 'users', team ids when it is 'teams'. */
  teamMembersIds: ids(teamMessages.teamMembersRequired, MAX_TEAM_MEMBERS),
  assignableGroupId: ids(teamMessages.assignableGroupRequired),
  assignableCoursesId: ids(teamMessages.coursesRequired),
  membershipRoleId: ids(teamMessages.membershipRoleRequired),
  teamMembershipId: v.optional(
    v.pipe(v.string(teamMessages.membershipLevelRequired), v.uuid(teamMessages.membershipLevelRequired)),
    '',
  ),
  /** For an update: the version the form read, so a stale edit gets 409. */
  version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_RECORD_VERSION))),
});
export type TeamInput = v.InferInput<typeof teamSchema>;
export type TeamOutput = v.InferOutput<typeof teamSchema>;

/**
 * PATCH /team/{id}: the form with the version it read, which an update must carry. Without
 * `teamMembersIds` a team of users keeps its members: the edit form changes them one by one
 * (teamPaths.members), so a large team is never sent whole.
 */
export const teamUpdateSchema = v.object({
  ...teamSchema.entries,
  teamMembersIds: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(teamMessages.teamMembersRequired), v.uuid(teamMessages.teamMembersRequired))),
      v.minLength(1, teamMessages.teamMembersRequired),
      v.maxLength(MAX_TEAM_MEMBERS, `Select at most ${MAX_TEAM_MEMBERS}.`),
    ),
  ),
  version: recordVersion,
});
export type TeamUpdateInput = v.InferInput<typeof teamUpdateSchema>;
export type TeamUpdateOutput = v.InferOutput<typeof teamUpdateSchema>;

/** GET /team/{id}/members: a page of the members, searched by name or email. */
export const teamMemberListQuerySchema = v.object({
  page: pageParam,
  limit: limitParam(10),
  search: searchParam,
});
export type TeamMemberListQuery = v.InferOutput<typeof teamMemberListQuerySchema>;

/** One member of a team of users on the team form. `status`: whether the account is enabled. */
export type TeamMemberRow = {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  status: boolean;
};

/** POST /team/{id}/members: users to add (those already members are left as they are). */
export const teamMembersAddSchema = v.object({
  userIds: v.pipe(
    v.array(v.pipe(v.string(teamMessages.teamMembersRequired), v.uuid(teamMessages.teamMembersRequired))),
    v.minLength(1, teamMessages.teamMembersRequired),
    v.maxLength(500, 'Select at most 500.'),
  ),
});
export type TeamMembersAddInput = v.InferInput<typeof teamMembersAddSchema>;

/** Duplicate team (spec 7: 'POST by id with payload'): the copy's title, and its team name if given. */
export const duplicateTeamSchema = v.object({
  title: text(teamMessages.titleRequired),
  teamName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200), noNul), ''),
});
export type DuplicateTeamInput = v.InferInput<typeof duplicateTeamSchema>;

/** Query of the form's lookups (leads, users, courses): searchable and paged. */
export const teamOptionQuerySchema = v.object({
  page: pageParam,
  limit: limitParam(20),
  search: searchParam,
});
export type TeamOptionQuery = v.InferOutput<typeof teamOptionQuerySchema>;

export type TeamOption = { _id: string; label: string };

export type TeamRow = {
  _id: string;
  title: string;
  teamName: string;
  teamMemberType: TeamMemberType;
  teamLeads: TeamOption[];
  /** Users of a 'users' team, teams of a 'teams' team. */
  memberCount: number;
  status: boolean;
  version: number;
  createdAt: string;
};

/** The record the team form opens with: every choice with its label, so pickers show it at once. */
export type TeamDetail = Omit<TeamRow, 'memberCount'> & {
  teamLeads: TeamOption[];
  teamMembers: TeamOption[];
  assignableGroups: TeamOption[];
  assignableCourses: TeamOption[];
  membershipRoles: TeamOption[];
  teamMembership: TeamOption | null;
};
