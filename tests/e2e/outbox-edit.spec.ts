import { expect, test } from '@playwright/test';
import { memberMessages } from '../../contract/member.ts';
import {
  fillNewMember,
  leadApi,
  memberDetail,
  openTeamDashboard,
  pendingButton,
  QUEUED,
  searchMembers,
  seedTeams,
  signInLeadWithWorker,
} from './support/outbox.ts';

test('a change refused on replay is edited with its stored values, retried and then taken by the server', async ({
  page,
  context,
  request,
}) => {
  const api = await leadApi(request);
  const { growth } = await seedTeams(api);
  const stamp = Date.now();
  const taken = `taken.${stamp}@example.com`;
  const fixed = `fixed.${stamp}@example.com`;
  const search = (email: string) => searchMembers(api, growth._id, email);

  await signInLeadWithWorker(page);
  await openTeamDashboard(page, growth._id);
  await fillNewMember(page, growth._id, { firstName: 'Edna', lastName: `Edit${stamp}`, email: taken });

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(QUEUED).first()).toBeVisible();
  await expect(pendingButton(page)).toHaveText('1 pending');

  // Meanwhile someone else takes the email: the queued create is refused when it is replayed.
  const other = await api.postMultipart('/user-portal/add-user', {
    firstName: 'Other',
    lastName: `Taker${stamp}`,
    email: taken,
    password: 'secret12',
    confirmPassword: 'secret12',
    teamId: growth._id,
  });
  expect(other.status()).toBe(201);

  await context.setOffline(false);
  await expect(pendingButton(page)).toHaveText('1 failed', { timeout: 20_000 });
  await pendingButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Offline changes' });
  const entry = panel.getByRole('listitem', { name: `Add member: Edna Edit${stamp}` });
  await expect(entry).toContainText('Failed');
  await expect(entry).toContainText(memberMessages.duplicateEmail);

  // Edit opens the change with the values it was stored with.
  await entry.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit change: Add member' });
  await expect(editor).toContainText(memberMessages.duplicateEmail);
  const form = editor.getByRole('form', { name: 'Edit change' });
  await expect(form.getByLabel('First name')).toHaveValue('Edna');
  await expect(form.getByLabel('Last name')).toHaveValue(`Edit${stamp}`);
  await expect(form.getByLabel('Email')).toHaveValue(taken);
  // The server's word on the email is under Email, as on the member form.
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription(memberMessages.duplicateEmail);
  // Ids are not offered for editing: they name the records, they are not the person's input.
  await expect(form.getByLabel('Team id')).toHaveCount(0);
  // The form's switch is a switch, under the form's label, not a text holding 'false'.
  await expect(form.getByLabel('Reset password')).toHaveCount(0);
  const reset = form.getByRole('switch', { name: 'Require Password Reset' });
  await expect(reset).not.toBeChecked();
  await reset.check({ force: true });
  await form.getByLabel('Email').fill(fixed);
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('');
  await form.getByRole('button', { name: 'Save and retry' }).click();

  // Retried with the correction: the server takes it and the outbox is empty.
  await expect(panel.getByText('No changes waiting.')).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(pendingButton(page)).toHaveCount(0);
  const created = await search(fixed);
  expect(created.data.map((card) => [card.firstName, card.lastName, card.email])).toEqual([
    ['Edna', `Edit${stamp}`, fixed],
  ]);
  const [card] = created.data;
  expect((await memberDetail(api, card?._id as string, growth._id)).resetPassword).toBe(true);
  // The email that was taken still belongs to the other member only.
  expect((await search(taken)).data.map((card) => card.lastName)).toEqual([`Taker${stamp}`]);
});
