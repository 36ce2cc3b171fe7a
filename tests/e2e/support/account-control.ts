import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import type { MemberDetail } from '../../../contract/member.ts';
import type { RoleDetail, RoleModule } from '../../../contract/roles.ts';
import type { LoginResult, PermissionAction } from '../../../contract/session.ts';
import type { TeamDetail, TeamOption, TeamRow } from '../../../contract/teams.ts';
import type { PublishedProfileField, UserDetail, UserRow } from '../../../contract/users.ts';
import { sampleValue } from './admin-users.ts';

// Helpers of account-control.spec.ts: accounts, roles and teams set up through the API.

type Credentials = { email: string; password: string };

/** The API as one user: requests carry their token, and each answer's status is checked. */
export async function apiAs(request: APIRequestContext, user: Credentials) {
  const login = await request.post('/api/v1/login', { data: user });
  expect(login.status()).toBe(200);
  const session = ((await login.json()) as ApiSuccess<LoginResult>).results;
  if (!('token' in session)) throw new Error(`${user.email} must not need a password reset`);
  const headers = { Authorization: `Bearer ${session.token}` };
  const results = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status: number) => {
    expect(response.status(), await response.text()).toBe(status);
    return ((await response.json()) as ApiSuccess<T>).results;
  };
  return {
    get: async <T>(path: string, params?: Record<string, string | number>) =>
      results<T>(await request.get(`/api/v1${path}`, { headers, params }), 200),
    post: async <T>(path: string, data: unknown) =>
      results<T>(await request.post(`/api/v1${path}`, { headers, data }), 201),
    postForm: async <T>(path: string, multipart: Record<string, string>) =>
      results<T>(await request.post(`/api/v1${path}`, { headers, multipart }), 201),
    remove: async (path: string, data: unknown) => {
      const response = await request.delete(`/api/v1${path}`, { headers, data });
      expect(response.status(), await response.text()).toBe(200);
    },
  };
}

export type Api = Awaited<ReturnType<typeof apiAs>>;

/** The id of a team of the administration, by its title. */
export async function teamId(api: Api, title: string): Promise<string> {
  const { data } = await api.get<Paged<TeamRow>>('/team', { search: title, limit: 100 });
  const team = data.find((row) => row.title === title);
  if (!team) throw new Error(`No team is titled ${title}`);
  return team._id;
}

/** The id of a user, by their email. */
export async function userId(api: Api, email: string): Promise<string> {
  const { data } = await api.get<Paged<UserRow>>('/user', { search: email, limit: 100 });
  const user = data.find((row) => row.email === email);
  if (!user) throw new Error(`No user has the email ${email}`);
  return user._id;
}

/** A member added to a team through the team dashboard's add form (multipart). */
export function addMember(api: Api, teamId: string, member: Record<string, string>) {
  return api.postForm<MemberDetail>('/user-portal/add-user', {
    password: 'member1',
    confirmPassword: 'member1',
    ...member,
    teamId,
  });
}

/** A team of the given leads and members, with the first of each choice the form asks for. */
export async function createTeam(api: Api, title: string, leads: string[], members: string[]) {
  const first = async (path: string) => {
    const [entry] = await api.get<{ _id: string }[]>(path);
    if (!entry) throw new Error(`${path} lists nothing`);
    return entry._id;
  };
  const { data: courses } = await api.get<Paged<TeamOption>>('/team/course/info');
  return api.post<TeamDetail>('/team', {
    title,
    teamName: title.toLowerCase().replace(/\W+/g, '-'),
    teamLeadId: leads,
    teamMemberType: 'users',
    teamMembersIds: members,
    assignableGroupId: [await first('/user-group/info')],
    assignableCoursesId: [courses[0]?._id],
    membershipRoleId: [await first('/role')],
    teamMembershipId: await first('/membership'),
  });
}

/** An administrator role granting `grants` (submodule slug -> actions) and nothing else. */
export async function createRole(api: Api, name: string, grants: Record<string, PermissionAction[]>) {
  const submodules = (await api.get<RoleModule[]>('/administrator-role/module-submodule')).flatMap(
    (module) => module.submodules,
  );
  const permissions = Object.entries(grants).map(([slug, actions]) => {
    const submodule = submodules.find((entry) => entry.slug === slug);
    if (!submodule) throw new Error(`No submodule ${slug}`);
    return { submoduleId: submodule._id, ...Object.fromEntries(actions.map((action) => [action, true])) };
  });
  return api.post<RoleDetail>('/administrator-role', { name, status: true, permissions });
}

/** A user of the administration, with the first choices and the required profile fields filled. */
export async function createUser(
  api: Api,
  user: Credentials & { firstName: string; lastName: string; adminstrativeRoleId?: string },
) {
  const first = async (path: string) => (await api.get<{ _id: string }[]>(path))[0]?._id;
  const required = (await api.get<PublishedProfileField[]>('/user/published-user-profile-field')).filter(
    (field) => field.required,
  );
  return api.post<UserDetail>('/user', {
    ...user,
    confirmPassword: user.password,
    membershipId: await first('/membership'),
    groupId: [await first('/user-group/info')],
    roleId: [await first('/role')],
    profileFields: Object.fromEntries(required.map((field) => [field._id, sampleValue(field, 'AC')])),
  });
}

/** Every request of `method` to a path matching `path` the page sends from now on. */
export function recordRequests(page: Page, method: string, path: RegExp): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) sent.push(request.url());
  });
  return sent;
}
