import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import type { LoginResult } from '../../../contract/session.ts';
import type { PublishedProfileField, UserDetail, UserRow } from '../../../contract/users.ts';
import { ADMIN } from './actions.ts';

// Helpers of the users administration's end-to-end tests (admin-users.spec.ts).

/** The admin's API, to check on the server what the screens did. */
export async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/v1/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  const { results } = (await login.json()) as ApiSuccess<LoginResult>;
  if (!('token' in results)) throw new Error('The admin must not need a password reset');
  const headers = { Authorization: `Bearer ${results.token}` };
  return {
    users: async (search: string) => {
      const response = await request.get('/api/v1/user', { headers, params: { search, limit: 100 } });
      expect(response.status()).toBe(200);
      return ((await response.json()) as ApiSuccess<Paged<UserRow>>).results.data;
    },
    create: async (data: Record<string, unknown>) => {
      const response = await request.post('/api/v1/user', { headers, data });
      expect(response.status()).toBe(201);
    },
    profileFields: async () => {
      const response = await request.get('/api/v1/user/published-user-profile-field', { headers });
      expect(response.status()).toBe(200);
      return ((await response.json()) as ApiSuccess<PublishedProfileField[]>).results;
    },
    detail: async (userId: string) => {
      const response = await request.get(`/api/v1/user/${userId}`, { headers });
      expect(response.status()).toBe(200);
      return ((await response.json()) as ApiSuccess<UserDetail>).results;
    },
    /** Renames a user as another admin would, from the record as it is now. */
    rename: async (userId: string, lastName: string) => {
      const read = await request.get(`/api/v1/user/${userId}`, { headers });
      const user = ((await read.json()) as ApiSuccess<UserDetail>).results;
      const response = await request.patch(`/api/v1/user/${userId}`, {
        headers,
        data: {
          groupId: user.groups.map((group) => group._id),
          roleId: user.membershipRoles.map((role) => role._id),
          firstName: user.firstName,
          lastName,
          email: user.email,
          membershipId: user.membership?._id,
          profileFields: user.profileFields,
          version: user.version,
        },
      });
      expect(response.status()).toBe(200);
    },
    post: async <T>(path: string, data: unknown) => {
      const response = await request.post(`/api/v1${path}`, { headers, data });
      expect(response.status()).toBe(201);
      return ((await response.json()) as ApiSuccess<T>).results;
    },
    get: async <T>(path: string) => {
      const response = await request.get(`/api/v1${path}`, { headers });
      expect(response.status()).toBe(200);
      return ((await response.json()) as ApiSuccess<T>).results;
    },
    lookup: async (path: string) => {
      const response = await request.get(`/api/v1${path}`, { headers });
      expect(response.status()).toBe(200);
      return ((await response.json()) as ApiSuccess<{ _id: string; name: string }[]>).results;
    },
  };
}

/** A value each type of profile field takes: the first choice of a choice field, else some text. */
export function sampleValue(field: PublishedProfileField, run: string): string | string[] {
  const [firstChoice = ''] = field.options;
  if (field.type === 'checkbox') return [firstChoice];
  if (field.options.length > 0) return firstChoice;
  if (field.type === 'number') return '7';
  if (field.type === 'date') return '2000-01-31';
  return `E-${run}`;
}

/** Fills a profile field on the user form the way its type is drawn. */
export async function fillProfileField(page: Page, field: PublishedProfileField, value: string | string[]) {
  const label = `${field.name}${field.required ? '*' : ''}`;
  if (field.type === 'checkbox' || field.type === 'radio') {
    for (const choice of [value].flat())
      await page.getByRole(field.type, { name: choice, exact: true }).check();
  } else if (field.options.length > 0) {
    await choose(page, label, value as string);
  } else {
    await page.getByLabel(label, { exact: true }).fill(value as string);
  }
}

export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

export function rowOf(page: Page, email: string) {
  return page
    .getByRole('table', { name: 'Users' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: email, exact: true }) });
}

export async function searchList(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text)}`));
}

/** Opens a select (a combobox) or a multi-select (its text box) by its label and picks an option. */
export async function choose(page: Page, label: string, option: string) {
  const name = { name: label, exact: true };
  await page.getByRole('combobox', name).or(page.getByRole('textbox', name)).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}
