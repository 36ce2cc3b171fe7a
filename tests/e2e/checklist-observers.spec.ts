import { expect, test } from '@playwright/test';
import { type ChecklistObserver, checklistRecordPaths } from '../../contract/checklists/records.ts';
import { ADMIN, openSignedIn } from './support/actions.ts';
import { apiAs } from './support/checklists.ts';
import { newLearner } from './support/learning.ts';

const run = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('the administrator names a checklist’s observers on Edit Checklist, found by name, and they stay named', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = run();
  const observer = await newLearner(request, id);
  const admin = await apiAs(request, ADMIN);
  const { _id: checklistId } = await admin.post<{ _id: string }>('/checklist', { title: `Observed ${id}` });

  await openSignedIn(page, ADMIN, `/app/content-management/checklists/edit/${checklistId}`);
  const panel = page.getByRole('region', { name: 'Observers' });
  await expect(panel.getByText('0 observers')).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('button', { name: 'Save Observers' })).toBeDisabled();
  await panel.getByRole('combobox', { name: 'Observers' }).fill(observer.name);
  await page.getByRole('option', { name: observer.name }).click();
  await page.keyboard.press('Escape');
  // Leaving with an observer chosen and not saved asks first.
  await page.getByRole('link', { name: 'Checklists', exact: true }).first().click();
  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toBeHidden();
  await panel.getByRole('button', { name: 'Save Observers' }).click();
  await expect(page.getByText('Observers are saved successfully.')).toBeVisible();
  await expect(panel.getByText('1 observer', { exact: true })).toBeVisible();

  const named = await admin.get<ChecklistObserver[]>(checklistRecordPaths.observers(checklistId));
  expect(named.map((user) => user._id)).toEqual([observer._id]);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Observers' }).getByText(observer.name)).toBeVisible({
    timeout: 20_000,
  });
});
