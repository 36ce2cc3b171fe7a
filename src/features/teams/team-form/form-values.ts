import type { TeamDetail, TeamInput, TeamMemberType, TeamUpdateInput } from '@contract/teams';

/** The team form's state (spec 3, 'Team form'). */
export type TeamFormValues = {
  title: string;
  teamName: string;
  teamLeadId: string[];
  teamMemberType: TeamMemberType;
  teamMembersIds: string[];
  assignableGroupId: string[];
  assignableCoursesId: string[];
  membershipRoleId: string[];
  teamMembershipId: string;
  /** Editing: the version read, so a change made meanwhile by someone else is not overwritten. */
  version?: number;
};

export function emptyTeamValues(): TeamFormValues {
  return {
    title: '',
    teamName: '',
    teamLeadId: [],
    teamMemberType: 'users',
    teamMembersIds: [],
    assignableGroupId: [],
    assignableCoursesId: [],
    membershipRoleId: [],
    teamMembershipId: '',
  };
}

const ids = (options: readonly { _id: string }[]) => options.map((option) => option._id);

export function toTeamFormValues(team: TeamDetail): TeamFormValues {
  return {
    title: team.title,
    teamName: team.teamName,
    teamLeadId: ids(team.teamLeads),
    teamMemberType: team.teamMemberType,
    // A team of users' members are changed in its member list, a page at a time.
    teamMembersIds: team.teamMemberType === 'users' ? [] : ids(team.teamMembers),
    assignableGroupId: ids(team.assignableGroups),
    assignableCoursesId: ids(team.assignableCourses),
    membershipRoleId: ids(team.membershipRoles),
    teamMembershipId: team.teamMembership?._id ?? '',
    version: team.version,
  };
}

export const toTeamInput = (values: TeamFormValues): TeamInput => ({ ...values });

/**
 * Whether the edit form leaves the members to the team's member list (a team of users that stays
 * one): its save then sends no `teamMembersIds`, so the members stay as that list left them.
 */
export const membersApart = (
  record: Pick<TeamDetail, 'teamMemberType'> | undefined,
  values: TeamFormValues,
) => record?.teamMemberType === 'users' && values.teamMemberType === 'users';

/** What an update sends: the form, less the members when they are changed in the member list. */
export function toTeamUpdateInput(
  record: Pick<TeamDetail, 'teamMemberType'>,
  values: TeamFormValues,
): TeamUpdateInput {
  const { teamMembersIds, ...rest } = values;
  return {
    ...rest,
    ...(membersApart(record, values) ? {} : { teamMembersIds }),
    version: values.version ?? 1,
  };
}
