import type { TeamDetail, TeamInput, TeamMemberType } from '@contract/teams';

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
    teamMembersIds: ids(team.teamMembers),
    assignableGroupId: ids(team.assignableGroups),
    assignableCoursesId: ids(team.assignableCourses),
    membershipRoleId: ids(team.membershipRoles),
    teamMembershipId: team.teamMembership?._id ?? '',
    version: team.version,
  };
}

export const toTeamInput = (values: TeamFormValues): TeamInput => ({ ...values });
