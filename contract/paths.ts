/**
 * v1 API paths (spec section 7), relative to API_BASE, of sign-in, lookups and the team dashboard.
 * An administration resource keeps its paths in its own contract file with its descriptor.
 */
export const API_BASE = '/api/v1';

export const paths = {
  login: '/login',
  logout: '/logout',
  forgetPassword: '/forget-password',
  resetPassword: '/reset-password',
  me: '/user/me',
  sidebar: '/sidebar',
  /** The user portal's menu for the signed-in user (PortalMenuEntry[]). */
  portalSidebar: '/sidebar/user-portal',
  location: '/location',
  department: '/department',
  role: '/role',
  membership: '/membership',

  // Team dashboard (the teams the signed-in user leads).
  organizations: '/team/team-lead',
  setDefaultTeam: '/team/set-default-Team',
  memberList: (teamId: string) => `/team/member-list/${teamId}`,
  teamReport: (teamId: string) => `/team/report/${teamId}`,
  teamActivity: (teamId: string) => `/team/report/${teamId}/activity`,
  teamAttendance: (teamId: string) => `/team/report/${teamId}/attendance`,
  memberSummary: (teamId: string, memberId: string) => `/team/${teamId}/member/${memberId}/summary`,
  memberTranscript: (teamId: string, memberId: string) => `/team/${teamId}/member/${memberId}/transcript`,
  memberActivity: (teamId: string, memberId: string) => `/team/${teamId}/member/${memberId}/activity`,
  memberAttendance: (teamId: string, memberId: string) => `/team/${teamId}/member/${memberId}/attendance`,
  /** DELETE with { bulkId: [memberId] }: removes members from the team (their accounts stay). */
  teamMembers: (teamId: string) => `/team/${teamId}/member`,
  memberResendEmail: (teamId: string, memberId: string) => `/team/${teamId}/member/${memberId}/resend-email`,
  memberImport: (teamId: string) => `/team/${teamId}/member-import`,

  // Add/Edit member (multipart).
  addMember: '/user-portal/add-user',
  member: (memberId: string) => `/user-portal/user/${memberId}`,
} as const;
