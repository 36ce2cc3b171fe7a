import { expect, type Locator, test } from '@playwright/test';
import { ADMIN, openSignedIn } from './support/actions.ts';
import { H5P_SENTENCE, tinyH5pPackage } from './support/lesson-files.ts';

/** Chooses an option of a Mantine Select by its label. */
async function choose(dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await dialog.page().getByRole('option', { name: option, exact: true }).click();
}

test('an uploaded H5P package plays in the interactive content preview, sandboxed', async ({ page }) => {
  const player = { scripts: 0, failed: [] as string[] };
  page.on('requestfinished', (request) => {
    if (request.url().includes('/.h5p-player-')) player.scripts++;
  });
  page.on('requestfailed', (request) => player.failed.push(request.url()));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await openSignedIn(page, ADMIN, '/app/content-management/lessons');
  await expect(page.getByRole('heading', { level: 1, name: 'Lessons' })).toBeVisible();
  await page.getByRole('link', { name: 'Add Lesson' }).click();
  const name = `H5P lesson T${Date.now()}`;
  await page.getByLabel('Lesson Name').fill(name);
  await page.getByLabel('Description').fill('A quiz made with H5P.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Lesson '${name}' created.`, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Lesson' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Activity' });
  await dialog.getByLabel('Activity Name').fill('Test text');
  await choose(dialog, 'Activity Type', 'Interactive Content');
  const file = dialog.locator('input[type="file"]').first();
  await expect(file).toHaveAttribute('accept', '.zip,.h5p');
  await file.setInputFiles({ name: 'test-text.h5p', mimeType: 'application/zip', buffer: tinyH5pPackage() });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Activities' })).toContainText('Test text');

  // The preview frames the player's document in the sandbox (an opaque origin), and the player
  // draws the library's sentence from the package's content.
  await page.getByRole('button', { name: 'Preview Test text' }).click();
  const frame = page.getByRole('dialog', { name: 'Preview: Test text' }).locator('iframe').first();
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups');
  const embed = frame.contentFrame();
  await expect(embed.getByText(H5P_SENTENCE)).toBeVisible({ timeout: 20_000 });
  await expect(embed.locator('.h5p-content p.h5p-test-text')).toHaveCount(1);
  expect(await embed.locator('body').evaluate(() => self.origin)).toBe('null');
  expect(player.scripts).toBeGreaterThanOrEqual(3);
  expect(player.failed).toEqual([]);
  // The player starts whole: web storage, refused in the sandbox, is stood in for in memory.
  expect(errors).toEqual([]);
});
