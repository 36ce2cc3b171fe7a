import { expect, test } from '@playwright/test';
import type { Paged } from '../../contract/envelope.ts';
import type { UserGroupRow } from '../../contract/user-groups.ts';
import { apiAs } from './support/account-control.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';

// A user in Britain: every date is written as their locale writes it, in one style.
test.use({ locale: 'en-GB', timezoneId: 'Europe/London' });

const britishDate = (value: string | Date) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' }).format(
    new Date(value),
  );

test('lists show dates in the medium style of the user’s locale', async ({ page, request }) => {
  const admin = await apiAs(request, ADMIN);
  const name = `Dated Group ${Date.now()}`;
  await admin.post('/user-group', { name });
  const { data } = await admin.get<Paged<UserGroupRow>>('/user-group', { search: name });
  const group = data[0] as UserGroupRow;

  await openSignedIn(page, ADMIN, `/app/user-management/users-group?search=${encodeURIComponent(name)}`);
  const row = page.getByRole('table', { name: 'User groups' }).getByRole('row', { name: new RegExp(name) });
  // '23 Nov 2026', not 23/11/2026.
  await expect(row.getByRole('cell', { name: britishDate(group.createdAt), exact: true })).toBeVisible();
});

test('a date field shows and reads dates in the same style, without a mm/dd/yyyy placeholder', async ({
  page,
}) => {
  await openSignedIn(page, ADMIN, '/app/user-management/users/add');
  const field = page.getByLabel('Date of Birth', { exact: true });
  await expect(field).toHaveAttribute('placeholder', 'Pick a date');
  await field.fill('2000-01-31');
  await page.getByLabel('First Name*').click();
  await expect(field).toHaveValue(britishDate('2000-01-31T12:00:00Z'));
  // The field reads back what it shows.
  await field.fill('14 Mar 2031');
  await page.getByLabel('First Name*').click();
  await expect(field).toHaveValue('14 Mar 2031');
});
