import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, openSignedIn, waitForServiceWorker } from './support/actions.ts';
import { recordMp4, tinyHtmlPackage, tinyPdf, tinyPptx, tinyWav } from './support/lesson-files.ts';
import { expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

const LIST = '/app/content-management/lessons';

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const activityList = (page: Page) => page.getByRole('list', { name: 'Activities' });
const activityItems = (page: Page) => activityList(page).getByRole('listitem');

type FilePart = { name: string; mimeType: string; buffer: Buffer };

/** Chooses an option of a Mantine Select by its label. */
async function choose(dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await dialog.page().getByRole('option', { name: option, exact: true }).click();
}

/** Records every value the upload's progress bar shows, however briefly, in the page. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as Window & { uploadProgress?: number[] }).uploadProgress = seen;
    const note = () => {
      for (const bar of document.querySelectorAll('[role="dialog"] [role="progressbar"]')) {
        const value = Number(bar.getAttribute('aria-valuenow'));
        if (seen.at(-1) !== value) seen.push(value);
      }
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
}
const progressSeen = (page: Page) =>
  page.evaluate(() => (window as Window & { uploadProgress?: number[] }).uploadProgress ?? []);

type NewActivity = {
  title: string;
  type: string;
  videoType?: string;
  url?: string;
  customEmbed?: string;
  file?: FilePart;
  previewFile?: FilePart;
};

async function addActivity(page: Page, activity: NewActivity) {
  await page.getByRole('button', { name: 'Add Activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Activity' });
  await dialog.getByLabel('Activity Name').fill(activity.title);
  await choose(dialog, 'Activity Type', activity.type);
  if (activity.videoType) await choose(dialog, 'Video Type', activity.videoType);
  if (activity.url) await dialog.getByLabel('Url').fill(activity.url);
  if (activity.customEmbed) await dialog.getByLabel('Custom Embed').fill(activity.customEmbed);
  const files = dialog.locator('input[type="file"]');
  if (activity.file) await files.first().setInputFiles(activity.file);
  if (activity.previewFile) await files.nth(1).setInputFiles(activity.previewFile);
  if (activity.file || activity.previewFile) await watchProgress(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  if (activity.file || activity.previewFile) {
    // The bar went up to the whole file before the dialog closed.
    const seen = await progressSeen(page);
    expect(seen.at(-1)).toBe(100);
  }
  await expect(activityList(page)).toContainText(activity.title);
}

const titles = async (page: Page) =>
  (await activityItems(page).allInnerTexts()).map(
    (text) => text.split('\n')[0]?.replace(/^\d+\.\s*/, '') ?? '',
  );

// The service worker takes writes to the API into its outbox before sending them, and the browser
// reports no upload progress for a request a worker takes: it lets activity uploads through, so
// with the worker in control each upload's bar still follows the bytes sent.
test.describe('uploads past the service worker', () => {
  test('an admin builds a lesson with one activity of each type, reorders, requires and previews them', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const name = `Forklift basics T${Date.now()}`;
    await openSignedIn(page, ADMIN, LIST);
    await expect(page.getByRole('heading', { level: 1, name: 'Lessons' })).toBeVisible();
    await waitForServiceWorker(page);

    await page.getByRole('link', { name: 'Add Lesson' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Lesson' })).toBeVisible();
    await page.getByLabel('Lesson Name').fill(name);
    await page.getByLabel('Description').fill('What every driver checks before a shift.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `Lesson '${name}' created.`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Lesson' })).toBeVisible();
    await expect(page.getByText('No activity yet. Add the first one.')).toBeVisible();

    // The spec's messages: nothing typed, then a video with no type, then an mp4 with no file.
    await page.getByRole('button', { name: 'Add Activity' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Activity' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Activity name is required.')).toBeVisible();
    await expect(dialog.getByText('Activity Type is required.')).toBeVisible();
    await choose(dialog, 'Activity Type', 'Video Player');
    await expect(dialog.getByText('Video type is required.')).toBeVisible();
    await choose(dialog, 'Video Type', 'MP4 (upload)');
    await expect(dialog.getByText('Content file is required.')).toBeVisible();
    await choose(dialog, 'Activity Type', 'Custom Embed');
    await expect(dialog.getByText('Custom Embed is required.')).toBeVisible();
    // A file of the wrong type: the server reads its bytes and says so under the field.
    await choose(dialog, 'Activity Type', 'PDF Document');
    await dialog.getByLabel('Activity Name').fill('Not a PDF');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('just some text'),
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The file must be a PDF file (pdf).')).toBeVisible();
    // Cancel with what was typed asks first; discarding closes the dialog.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(dialog).toBeHidden();

    const mp4 = await recordMp4(page);
    await addActivity(page, {
      title: 'Walk-around video',
      type: 'Video Player',
      videoType: 'MP4 (upload)',
      file: { name: 'walk-around.mp4', mimeType: 'video/mp4', buffer: mp4 },
    });
    await addActivity(page, {
      title: 'Horn signals',
      type: 'Audio Player',
      file: { name: 'horn.wav', mimeType: 'audio/wav', buffer: tinyWav() },
    });
    await addActivity(page, {
      title: 'Checklist sheet',
      type: 'PDF Document',
      file: { name: 'checklist.pdf', mimeType: 'application/pdf', buffer: tinyPdf(3) },
    });
    await addActivity(page, {
      title: 'Slides',
      type: 'PowerPoint',
      file: {
        name: 'slides.pptx',
        mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        buffer: tinyPptx(),
      },
      previewFile: { name: 'slides.pdf', mimeType: 'application/pdf', buffer: tinyPdf(2) },
    });
    await addActivity(page, {
      title: 'Hand in your licence',
      type: 'File Upload',
      file: { name: 'instructions.pdf', mimeType: 'application/pdf', buffer: tinyPdf(1) },
    });
    await addActivity(page, {
      title: 'Quiz frame',
      type: 'Custom Embed',
      customEmbed: '<h1>Embedded check</h1><p>Answer the three questions.</p>',
    });
    await addActivity(page, {
      title: 'Interactive package',
      type: 'Interactive Content',
      file: { name: 'package.zip', mimeType: 'application/zip', buffer: tinyHtmlPackage() },
    });
    await expect(activityItems(page)).toHaveCount(7);
    const added = [
      'Walk-around video',
      'Horn signals',
      'Checklist sheet',
      'Slides',
      'Hand in your licence',
      'Quiz frame',
      'Interactive package',
    ];
    expect(await titles(page)).toEqual(added);

    // Reorder with the buttons: the audio first, then back down.
    await page.getByRole('button', { name: 'Move up activity 2: Horn signals' }).click();
    await expect.poll(() => titles(page)).toEqual(['Horn signals', 'Walk-around video', ...added.slice(2)]);
    await page.reload();
    await expect.poll(() => titles(page)).toEqual(['Horn signals', 'Walk-around video', ...added.slice(2)]);
    await page.getByRole('button', { name: 'Move down activity 1: Horn signals' }).click();
    await expect.poll(() => titles(page)).toEqual(added);

    // Reorder by dragging the third activity's handle above the first.
    await activityList(page).scrollIntoViewIfNeeded();
    const handle = page.getByRole('button', { name: 'Drag activity 3: Checklist sheet' });
    const from = await handle.boundingBox();
    const to = await activityItems(page).first().boundingBox();
    if (!from || !to) throw new Error('No boxes to drag between');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 20 });
    await page.mouse.up();
    const dragged = ['Checklist sheet', 'Walk-around video', 'Horn signals', ...added.slice(3)];
    await expect.poll(() => titles(page)).toEqual(dragged);
    await page.reload();
    await expect.poll(() => titles(page)).toEqual(dragged);

    // Required: on, kept after a reload, and off again.
    const required = page.getByRole('switch', { name: 'Required: Checklist sheet' });
    await expect(required).not.toBeChecked();
    await required.click();
    await expect(required).toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Required: Checklist sheet' })).toBeChecked();

    // The video plays from the file route in byte ranges, and seeks.
    const ranged = page.waitForResponse(
      (response) => response.url().includes('/api/v1/files/') && response.status() === 206,
    );
    await page.getByRole('button', { name: 'Preview Walk-around video' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview: Walk-around video' });
    const video = preview.locator('video');
    await expect(video).toHaveAttribute('src', /\/api\/v1\/files\//);
    expect((await ranged).request().headers().range).toMatch(/^bytes=/);
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.duration)).toBeGreaterThan(0);
    const duration = await video.evaluate((el: HTMLVideoElement) => el.duration);
    await video.evaluate((el: HTMLVideoElement, at: number) => {
      el.currentTime = at;
    }, duration / 2);
    // The browser may settle a microsecond off the asked time (its media clock's precision).
    await expect
      .poll(() => video.evaluate((el: HTMLVideoElement) => !el.seeking && el.readyState >= 2))
      .toBe(true);
    expect(await video.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeCloseTo(duration / 2, 3);
    await expect(preview.locator('media-time-range')).toBeVisible();
    await page.keyboard.press('Escape');

    // The PDF through pdf.js: its page count and the next page.
    await page.getByRole('button', { name: 'Preview Checklist sheet' }).click();
    const pdf = page.getByRole('dialog', { name: 'Preview: Checklist sheet' });
    await expect(pdf.getByText('Page 1 of 3')).toBeVisible();
    await pdf.getByRole('button', { name: 'Next page' }).click();
    await expect(pdf.getByText('Page 2 of 3')).toBeVisible();
    await expect(pdf.getByRole('img', { name: 'Checklist sheet, page 2' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The PowerPoint: its download and its PDF copy in the same viewer.
    await page.getByRole('button', { name: 'Preview Slides' }).click();
    const slides = page.getByRole('dialog', { name: 'Preview: Slides' });
    await expect(slides.getByRole('link', { name: /Download the presentation: slides\.pptx/ })).toBeVisible();
    await expect(slides.getByText('Page 1 of 2')).toBeVisible();
    await page.keyboard.press('Escape');

    // The custom embed in its sandboxed frame.
    await page.getByRole('button', { name: 'Preview Quiz frame' }).click();
    const embed = page.getByRole('dialog', { name: 'Preview: Quiz frame' }).locator('iframe');
    await expect(embed).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups');
    await expect(embed.contentFrame().getByRole('heading', { name: 'Embedded check' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Delete, confirmed.
    await page.getByRole('button', { name: /^Delete activity \d: Hand in your licence/ }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Deletion' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(activityItems(page)).toHaveCount(6);
    await expect(activityList(page)).not.toContainText('Hand in your licence');
  });
});

test('offline, an activity with a file is not sent and the form says why', async ({ page, context }) => {
  await openSignedIn(page, ADMIN, LIST);
  await page.getByRole('link', { name: 'Add Lesson' }).click();
  await page.getByLabel('Lesson Name').fill(`Offline upload T${Date.now()}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Lesson' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Activity' });
  await dialog.getByLabel('Activity Name').fill('Offline sheet');
  await choose(dialog, 'Activity Type', 'PDF Document');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'sheet.pdf',
    mimeType: 'application/pdf',
    buffer: tinyPdf(1),
  });
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/lesson/activity')) sent.push(request.url());
  });
  await context.setOffline(true);
  await expect(dialog.getByRole('alert')).toHaveText(
    'Uploading a file needs a connection. Connect to the internet and save again.',
  );
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await context.setOffline(false);
  await expect(dialog.getByRole('alert')).toBeHidden();
  expect(sent).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ ...PHONE, serviceWorkers: 'block' });
  test('the lesson editor and its activity form fit', async ({ page }) => {
    await openSignedIn(page, ADMIN, LIST);
    await expect(page.getByRole('heading', { level: 1, name: 'Lessons' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('link', { name: 'Add Lesson' }).click();
    await page.getByLabel('Lesson Name').fill(`Phone lesson T${Date.now()}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Lesson' })).toBeVisible();
    await addActivity(page, {
      title: 'Pocket sheet',
      type: 'PDF Document',
      file: { name: 'pocket.pdf', mimeType: 'application/pdf', buffer: tinyPdf(2) },
    });
    await addActivity(page, { title: 'Pocket embed', type: 'Custom Embed', customEmbed: '<p>Hello</p>' });
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Move up activity 2: Pocket embed' }).click();
    await expect.poll(() => titles(page)).toEqual(['Pocket embed', 'Pocket sheet']);
    // The saved messages cover the foot of a phone's screen: closed with their buttons, the first
    // one each time until none is left (a closing one slides out and leaves the page, so the
    // others move up, and one may leave of itself while a click aims at it).
    const toasts = page.locator('.mantine-Notifications-notification');
    await expect(async () => {
      if ((await toasts.count()) > 0)
        await toasts.first().getByRole('button', { name: 'Close notification' }).click({ timeout: 2000 });
      await expect(toasts).toHaveCount(0, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Preview Pocket sheet' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Preview: Pocket sheet' }).getByText('Page 1 of 2'),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
