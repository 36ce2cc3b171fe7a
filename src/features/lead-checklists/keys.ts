/**
 * Query keys of a lead's view of members' checklists. They sit under the team dashboard's member
 * key (`['team-dashboard', 'member', memberId]`), so whatever refreshes a member's views (a save of
 * the member, the outbox answering a change) refreshes their checklists too, and the persisted
 * cache keeps them with the rest of the member's data for offline use.
 */
export const leadChecklistKeys = {
  member: (memberId: string) => ['team-dashboard', 'member', memberId] as const,
  memberChecklists: (teamId: string, memberId: string) =>
    [...leadChecklistKeys.member(memberId), teamId, 'checklists'] as const,
  memberChecklist: (teamId: string, memberId: string, checklistId: string) =>
    [...leadChecklistKeys.memberChecklists(teamId, memberId), checklistId] as const,
  /** The team's members holding a checklist, for the bulk sign-off. */
  teamChecklist: (teamId: string, checklistId: string) =>
    ['team-dashboard', 'team', teamId, 'checklist', checklistId] as const,
  /** The team dashboard's member lists of a team (its cards' checklist bars read the records). */
  teamMembers: (teamId: string) => ['team-dashboard', 'team', teamId, 'members'] as const,
  /** The team's report counts checklists done too. */
  teamReport: (teamId: string) => ['team-dashboard', 'team', teamId, 'report'] as const,
};
