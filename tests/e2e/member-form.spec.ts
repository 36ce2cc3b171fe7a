import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { ApiSuccess } from '../../contract/envelope.ts';
import { type MemberDetail, memberMessages } from '../../contract/member.ts';
import type { LoginResult } from '../../contract/session.ts';
import type { OrganizationList } from '../../contract/team-dashboard.ts';
import { LEAD, openSignedIn } from './support/actions.ts';

/** A 1x1 PNG: the server checks a picture by its bytes, not by its name or type. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function leadToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/login', { data: LEAD });
  expect(response.status()).toBe(200);
  const { results } = (await response.json()) as ApiSuccess<LoginResult>;
  if (!('token' in results)) throw new Error('The lead must not need a password reset');
  return results.token;
}

async function firstTeamId(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.get('/api/v1/team/team-lead', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const { results } = (await response.json()) as ApiSuccess<OrganizationList>;
  const team = results.data[0];
  if (!team) throw new Error('The lead leads no team');
  return team._id;
}

async function memberFromApi(request: APIRequestContext, token: string, memberId: string, teamId: string) {
  const response = await request.get(`/api/v1/user-portal/user/${memberId}?team=${teamId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as ApiSuccess<MemberDetail>).results;
}

async function choosePicture(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change Image' }).click();
  await (await chooser).setFiles(file);
}

/** Types into a searchable select and picks the option once the search has answered. */
async function pick(page: Page, label: string, search: string, option: string) {
  await page.getByLabel(label).fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByLabel(label)).toHaveValue(option);
}

test('a team lead adds a member with a picture, is refused a taken email, and edits the member', async ({
  page,
  request,
}) => {
  const token = await leadToken(request);
  const teamId = await firstTeamId(request, token);
  const email = `ada.lovelace.${Date.now()}@example.com`;

  await openSignedIn(page, LEAD, `/user-portal/team-dashboard/members/add/${teamId}`);
  await expect(page.getByRole('heading', { name: 'Add New Member' })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Team Dashboard' })).toHaveAttribute(
    'href',
    `/user-portal/team-dashboard?team=${teamId}`,
  );
  await expect(breadcrumb.getByText('Add Member')).toBeVisible();

  // An empty form is refused with the contract's messages, which go as each field is filled.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const requiredFields = [
    [page.getByLabel('First Name*'), memberMessages.firstNameRequired],
    [page.getByLabel('Last Name*'), memberMessages.lastNameRequired],
    [page.getByLabel('Email*'), memberMessages.emailRequired],
    [page.getByLabel('Password*', { exact: true }), memberMessages.passwordRequired],
    [page.getByLabel('Confirm Password*'), memberMessages.confirmPasswordRequired],
  ] as const;
  for (const [field, message] of requiredFields) {
    await expect(field).toHaveAccessibleDescription(message);
  }
  await expect(page).toHaveURL(new RegExp(`/members/add/${teamId}$`));
  await page.getByLabel('First Name*').fill('Ada');
  await expect(page.getByLabel('First Name*')).toHaveAccessibleDescription('');
  await page.getByLabel('Last Name*').fill('Lovelace');
  await page.getByLabel('Email*').fill(email);
  await page.getByLabel('Password*', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm Password*').fill('secret13');
  await expect(page.getByLabel('Confirm Password*')).toHaveAccessibleDescription(
    memberMessages.passwordMismatch,
  );
  await page.getByLabel('Confirm Password*').fill('secret12');
  await expect(page.getByLabel('Confirm Password*')).toHaveAccessibleDescription('');

  // Locations come ten at a time; scrolling to the end of the list loads the next ten.
  await page.getByLabel('Location').click();
  const locations = page.getByRole('listbox', { name: 'Options' });
  await expect(locations.getByRole('option')).toHaveCount(10);
  await locations.evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
  await expect(locations.getByRole('option')).toHaveCount(20);
  await pick(page, 'Location', 'berl', 'Berlin');
  // The keyboard works too: type, arrow down to the match, Enter.
  await page.getByLabel('Department').fill('engin');
  await expect(page.getByRole('option', { name: 'Engineering', exact: true })).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Department')).toHaveValue('Engineering');
  await page.getByLabel('Department').fill('no such department');
  await expect(page.getByText('No department found.')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Membership Role' }).click();
  await page.getByRole('option', { name: 'Growth' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Require Password Reset').check({ force: true });

  // A picture is checked before it is sent; a PNG is previewed.
  await choosePicture(page, {
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByText(memberMessages.pictureType)).toBeVisible();
  await choosePicture(page, {
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(page.getByText(memberMessages.pictureSize)).toBeVisible();
  await choosePicture(page, { name: 'ada.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText(memberMessages.pictureSize)).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Profile Image preview' })).toHaveAttribute('src', /^blob:/);

  const added = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/user-portal/add-user') && response.status() === 201,
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const memberId = ((await (await added).json()) as ApiSuccess<MemberDetail>).results._id;
  await expect(page.getByText("Member 'Ada Lovelace' created.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/user-portal/team-dashboard\\?.*team=${teamId}`));

  // The same email again is refused under the field; 'Save & New' stays, and resets after a save.
  await page.goto(`/user-portal/team-dashboard/members/add/${teamId}`);
  await page.getByLabel('First Name*').fill('Augusta');
  await page.getByLabel('Last Name*').fill('King');
  await page.getByLabel('Email*').fill(email.toUpperCase());
  await page.getByLabel('Password*', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm Password*').fill('secret12');
  await page.getByRole('button', { name: 'Save & New' }).click();
  await expect(page.getByLabel('Email*')).toHaveAccessibleDescription(memberMessages.duplicateEmail);
  await page.getByLabel('Email*').fill(`augusta.${Date.now()}@example.com`);
  await expect(page.getByLabel('Email*')).not.toHaveAccessibleDescription(memberMessages.duplicateEmail);
  await page.getByRole('button', { name: 'Save & New' }).click();
  await expect(page.getByText("Member 'Augusta King' created.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/members/add/${teamId}$`));
  await expect(page.getByLabel('First Name*')).toHaveValue('');
  await expect(page.getByLabel('Email*')).toHaveValue('');

  // The edit screen, as other places link to it (team in the query), is filled from the record.
  await page.goto(`/user-portal/team-dashboard/members/edit/${memberId}?team=${teamId}`);
  await expect(page.getByRole('heading', { name: 'Edit Member' })).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await page.goto(`/user-portal/team-dashboard/members/edit/${memberId}/${teamId}`);
  await expect(page.getByRole('heading', { name: 'Edit Member' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Edit Member')).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await expect(page.getByLabel('Last Name')).toHaveValue('Lovelace');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Location')).toHaveValue('Berlin');
  await expect(page.getByLabel('Department')).toHaveValue('Engineering');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByText('Growth', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Require Password Reset')).toBeChecked();
  await expect(page.getByRole('img', { name: 'Profile Image preview' })).toHaveAttribute(
    'src',
    /^\/uploads\/profile-pictures\//,
  );

  await page.getByLabel('Last Name').fill('Byron');
  await pick(page, 'Location', 'lisb', 'Lisbon');
  await page.getByRole('button', { name: 'Update & Close' }).click();
  await expect(page.getByText("Member 'Ada Byron' updated.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/user-portal/team-dashboard\\?.*team=${teamId}`));
  // The dashboard lists the member under the new name, with the picture in place of the initials.
  await page.getByRole('searchbox', { name: 'Search' }).fill('Byron');
  const card = page.getByRole('article', { name: 'Ada Byron' });
  await expect(card).toBeVisible();
  // The picture is decorative beside the name (alt ''), so it is found as an element, not by role.
  await expect(card.locator('img')).toHaveAttribute('src', /^\/uploads\/profile-pictures\//);

  const stored = await memberFromApi(request, token, memberId, teamId);
  expect(stored).toMatchObject({
    firstName: 'Ada',
    lastName: 'Byron',
    email,
    location: { title: 'Lisbon' },
    department: { title: 'Engineering' },
    roleId: [{ name: 'Growth' }],
    resetPassword: true,
    version: 2,
  });
  expect(stored.profilePicture).toMatch(/^\/uploads\/profile-pictures\//);
  const picture = await request.get(stored.profilePicture as string);
  expect(picture.status()).toBe(200);
  expect(Buffer.from(await picture.body()).equals(PNG)).toBe(true);
});

test('saving over a change made meanwhile shows the server message and the current record', async ({
  page,
  request,
}) => {
  const token = await leadToken(request);
  const teamId = await firstTeamId(request, token);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await request.get(`/api/v1/team/member-list/${teamId}?page=1&limit=2`, { headers });
  expect(list.status()).toBe(200);
  const memberId = ((await list.json()) as ApiSuccess<{ data: { _id: string }[] }>).results.data[0]?._id;
  if (!memberId) throw new Error('The team has no members');
  const before = await memberFromApi(request, token, memberId, teamId);

  await openSignedIn(page, LEAD, `/user-portal/team-dashboard/members/edit/${memberId}/${teamId}`);
  await expect(page.getByLabel('First Name')).toHaveValue(before.firstName);

  // Someone else renames the member while the form is open.
  const changed = await request.patch(`/api/v1/user-portal/user/${memberId}`, {
    headers,
    multipart: {
      firstName: 'Renamed',
      lastName: before.lastName,
      email: before.email,
      teamId,
      version: String(before.version),
    },
  });
  expect(changed.status()).toBe(200);

  await page.getByLabel('Last Name').fill('Edited Here');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(page.getByText(memberMessages.staleVersion)).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Renamed');
  await expect(page.getByLabel('Last Name')).toHaveValue(before.lastName);

  // The form now carries the current version: the next update goes through, and the screen stays.
  await page.getByLabel('Last Name').fill('Edited Here');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(page.getByText("Member 'Renamed Edited Here' updated.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/members/edit/${memberId}/${teamId}$`));
  const after = await memberFromApi(request, token, memberId, teamId);
  expect(after).toMatchObject({ firstName: 'Renamed', lastName: 'Edited Here', version: before.version + 2 });

  // Opened by its address, the screen has nowhere to go back to: Cancel goes to the team's dashboard.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/user-portal/team-dashboard\\?.*team=${teamId}`));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a tap on each dropdown opens its list under the field, without the page jumping, and picks', async ({
    page,
    request,
  }) => {
    const token = await leadToken(request);
    const teamId = await firstTeamId(request, token);
    await openSignedIn(page, LEAD, `/user-portal/team-dashboard/members/add/${teamId}`);
    await expect(page.getByRole('heading', { name: 'Add New Member' })).toBeVisible();

    const scrollY = () => page.evaluate(() => window.scrollY);
    for (const [name, option] of [
      ['Location', 'Berlin'],
      ['Department', 'Engineering'],
      ['Membership Role', 'Growth'],
    ] as const) {
      const field = page.getByRole('combobox', { name, exact: true });
      // The field in the middle of the screen, where a thumb would tap it.
      await field.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 400));
      const before = await scrollY();
      await field.tap();
      const list = page.getByRole('listbox').filter({ has: page.getByRole('option') });
      await expect(list.getByRole('option').first()).toBeInViewport();
      expect(await scrollY()).toBe(before);
      await expect(field).toBeInViewport();
      if (name === 'Membership Role') {
        await list.getByRole('option', { name: option, exact: true }).tap();
        await expect(page.getByText(option, { exact: true })).toBeVisible();
      } else {
        await field.fill(option.slice(0, 4).toLowerCase());
        await page.getByRole('option', { name: option, exact: true }).tap();
        await expect(field).toHaveValue(option);
      }
      await page.keyboard.press('Escape');
      await expect(page.getByRole('option')).toHaveCount(0);
    }
  });
});
