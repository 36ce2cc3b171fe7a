import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminMessages } from '../../contract/admin-list.ts';
import {
  completionRuleName,
  type ElearningDetail,
  elearningMessages,
  elearningPaths,
} from '../../contract/elearning/resource.ts';
import { elearningLearnerPaths } from '../../contract/elearning/tracking.ts';
import type { Paged } from '../../contract/envelope.ts';
import { ADMIN, LEAD, openSignedIn, waitForServiceWorker } from './support/actions.ts';
import { apiAs } from './support/checklists.ts';
import { DESKTOP, expectNoSidewaysScroll, PHONE } from './support/responsive.ts';
import { manifestXml, scormPackage, zipOf } from './support/scorm-packages.ts';

const run = Date.now().toString(36);
const LIST = '/app/content-management/elearning';

type Created = { _id: string };

/** Writes the zip where a user would pick it from, and answers its path. */
function zipFile(name: string, zip: Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'elearning-admin-')), name);
  writeFileSync(path, zip);
  return path;
}

/** As the administrator, through the API: a package uploaded from `zip`, published when told. */
async function uploadPackage(request: APIRequestContext, title: string, zip: Buffer, publish = false) {
  const login = await request.post('/api/v1/login', { data: ADMIN });
  const { token } = ((await login.json()) as { results: { token: string } }).results;
  const headers = { Authorization: `Bearer ${token}` };
  const response = await request.post(`/api/v1${elearningPaths.list}`, {
    headers,
    multipart: {
      title,
      description: '',
      completionRule: 'reported',
      file: { name: `${title}.zip`, mimeType: 'application/zip', buffer: zip },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const pkg = ((await response.json()) as { results: ElearningDetail }).results;
  if (publish) {
    const published = await request.post(`/api/v1${elearningPaths.bulkOn}`, {
      headers,
      data: { bulkId: [pkg._id] },
    });
    expect(published.status(), await published.text()).toBe(200);
  }
  return pkg;
}

/** As the administrator: a course open to every signed-in user, holding the package. */
async function courseWith(request: APIRequestContext, name: string, packageIds: string[] = []) {
  const admin = await apiAs(request, ADMIN);
  const categories = await admin.get<Paged<Created>>('/course-category/info?limit=10');
  const courseCategoryId = categories.data[0]?._id;
  if (!courseCategoryId) throw new Error('The seed has course categories');
  const { _id: courseId } = await admin.post<Created>('/course', {
    name,
    courseCategoryId,
    permission: 'none',
  });
  if (packageIds.length > 0)
    await admin.post(`/course/lesson/${courseId}`, { elearningPackageIds: packageIds }, 200);
  return courseId;
}

const table = (page: Page) => page.getByRole('table', { name: 'E-Learning packages' });
const packagePanel = (page: Page) => page.getByRole('region', { name: 'Package', exact: true });
const learnersPanel = (page: Page) => page.getByRole('region', { name: 'Learners', exact: true });
const fileInput = (page: Page) => page.locator('input[type="file"]');

test.describe('on a phone', () => {
  test.use(PHONE);

  test('an administrator uploads a package, sees what was read from it, publishes it and puts it in a course', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const organization = `Ladder safety ${run}`;
    const zip = await scormPackage({
      version: '2004-4',
      title: organization,
      scos: [
        { identifier: 'sco-intro', title: 'Before you climb', href: 'intro/index.html', masteryScore: 80 },
        {
          identifier: 'sco-climb',
          title: 'Up the ladder',
          href: 'climb/start page.html',
          parent: 'Module 2',
        },
      ],
    });
    await openSignedIn(page, ADMIN, `${LIST}/add`);
    await expect(page.getByRole('heading', { level: 1, name: 'Add E-Learning' })).toBeVisible({
      timeout: 30_000,
    });
    await fileInput(page).setInputFiles(zipFile(`ladder-${run}.zip`, zip));
    await page.getByLabel('Description').fill('Three points of contact, every time.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    // Uploaded, the package opens on its edit screen with what the import read.
    await expect(page.getByRole('heading', { level: 1, name: 'Edit E-Learning' })).toBeVisible({
      timeout: 60_000,
    });
    // No title was typed: the organization's is taken.
    await expect(page.getByLabel('Title')).toHaveValue(organization);
    const panel = packagePanel(page);
    await expect(panel.getByText('SCORM 2004 4th Edition, 2 SCOs')).toBeVisible();
    await expect(panel.getByText(organization, { exact: true })).toBeVisible();
    const items = panel.getByRole('list', { name: 'Items and launch files' });
    await expect(items.getByText('Before you climb')).toBeVisible();
    await expect(items.getByText('intro/index.html', { exact: true })).toBeVisible();
    await expect(items.getByText('Module 2')).toBeVisible();
    await expect(items.getByText('Up the ladder')).toBeVisible();
    await expect(items.getByText('climb/start page.html', { exact: true })).toBeVisible();
    await expect(panel.getByText("Package's passing score")).toBeVisible();
    await expect(panel.getByText('80%', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Mastery score (%)')).toHaveValue('');
    await expect(page.getByText("Empty: the package's own, 80%.")).toBeVisible();
    await expectNoSidewaysScroll(page);

    // The administrator's own mastery score and completion rule: checked by the contract, then kept.
    const mastery = page.getByLabel('Mastery score (%)');
    await mastery.fill('150');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page.getByText(elearningMessages.masteryScoreInvalid)).toBeVisible();
    await mastery.fill('70');
    await page.getByRole('combobox', { name: 'Completion rule' }).click();
    await page.getByRole('option', { name: completionRuleName.launch, exact: true }).click();
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(panel.getByText('70% (set here)', { exact: true })).toBeVisible({ timeout: 30_000 });
    await page.reload();
    await expect(page.getByLabel('Mastery score (%)')).toHaveValue('70', { timeout: 30_000 });
    await expect(page.getByRole('combobox', { name: 'Completion rule' })).toHaveValue(
      completionRuleName.launch,
    );

    // The list shows it published, as a new package is; unpublished and published again from its switch.
    await page.goto(`${LIST}?search=${encodeURIComponent(organization)}`);
    const row = table(page).getByRole('row').filter({ hasText: organization });
    await expect(row.getByText('SCORM 2004 4th Edition')).toBeVisible({ timeout: 30_000 });
    await row.getByRole('switch', { name: `Published: ${organization}` }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Unpublish' })
      .getByRole('button', { name: 'Unpublish' })
      .click();
    await expect(row.getByRole('switch', { name: `Unpublished: ${organization}` })).not.toBeChecked({
      timeout: 30_000,
    });
    await row.getByRole('switch', { name: `Unpublished: ${organization}` }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Publish' })
      .getByRole('button', { name: 'Publish' })
      .click();
    await expect(row.getByRole('switch', { name: `Published: ${organization}` })).toBeChecked({
      timeout: 30_000,
    });
    await expectNoSidewaysScroll(page);

    // Put in a course's outline from the course's screen.
    const courseId = await courseWith(request, `Working at height ${run}`);
    await page.goto(`/app/content-management/courses/edit/${courseId}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Outline' })).toBeVisible({ timeout: 30_000 });
    const picker = page
      .getByRole('combobox', { name: 'Add E-Learning', exact: true })
      .or(page.getByRole('textbox', { name: 'Add E-Learning', exact: true }))
      .first();
    await picker.click();
    await picker.fill(organization);
    await page.getByRole('option', { name: organization }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add to Outline' }).click();
    const outlineItem = page
      .getByRole('list', { name: 'Course outline' })
      .getByTestId('outline-item')
      .filter({ hasText: organization });
    await expect(outlineItem.getByText('E-learning', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(outlineItem.getByText('Unpublished', { exact: true })).toHaveCount(0);
    await page.reload();
    await expect(outlineItem.getByText('E-learning', { exact: true })).toBeVisible({ timeout: 30_000 });
  });

  test('a package uploading shows how far it has gone', async ({ page }) => {
    test.setTimeout(120_000);
    const title = `Slow upload ${run}`;
    // A megabyte that does not compress, sent at 128 KB a second: several seconds of upload.
    const zip = await scormPackage({
      version: '1.2',
      title,
      extra: { 'media/noise.bin': randomBytes(1024 * 1024) },
    });
    await openSignedIn(page, ADMIN, `${LIST}/add`);
    await expect(page.getByRole('heading', { level: 1, name: 'Add E-Learning' })).toBeVisible({
      timeout: 30_000,
    });
    // With the worker in control, as an installed app is: the zip goes past its outbox, so the
    // browser reports the bytes sent.
    await waitForServiceWorker(page);
    await fileInput(page).setInputFiles(zipFile(`slow-${run}.zip`, zip));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 128 * 1024,
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('progressbar')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText(/^Uploading… \d+%$/)).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Edit E-Learning' })).toBeVisible({
      timeout: 90_000,
    });
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByLabel('Title')).toHaveValue(title);
  });

  test("a zip that is not a package shows the server's refusal under the upload field and adds nothing", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const title = `Refused ${run}`;
    await openSignedIn(page, ADMIN, `${LIST}/add`);
    await expect(page.getByRole('heading', { level: 1, name: 'Add E-Learning' })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByLabel('Title').fill(title);

    // Nothing chosen: the contract's message, and nothing is sent.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(elearningMessages.fileRequired)).toBeVisible();

    await fileInput(page).setInputFiles(
      zipFile('no-manifest.zip', await zipOf({ 'index.html': '<!doctype html><p>Hello</p>' })),
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(elearningMessages.noManifest)).toBeVisible({ timeout: 30_000 });
    // Under the upload field: the message describes it.
    await expect(page.getByRole('button', { name: 'SCORM package (.zip)' })).toHaveAccessibleDescription(
      new RegExp(elearningMessages.noManifest.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );

    const missingLaunch = await zipOf({
      'imsmanifest.xml': manifestXml('1.2', title, [
        { identifier: 'sco-1', title: 'Lost page', href: 'pages/lost.html' },
      ]),
    });
    await fileInput(page).setInputFiles(zipFile('missing-launch.zip', missingLaunch));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(elearningMessages.launchMissing('pages/lost.html'))).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Add E-Learning' })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Nothing was kept.
    await page.goto(`${LIST}?search=${encodeURIComponent(title)}`);
    await expect(page.getByText('No e-learning package found.')).toBeVisible({ timeout: 30_000 });
  });
});

test.describe('on a desktop', () => {
  test.use(DESKTOP);

  test('packages are published, unpublished and deleted in bulk', async ({ page, request }) => {
    test.setTimeout(120_000);
    const titles = [`Bulk ${run} harness`, `Bulk ${run} scaffold`];
    for (const title of titles)
      await uploadPackage(request, title, await scormPackage({ version: '1.2', title }));
    await openSignedIn(page, ADMIN, `${LIST}?search=${encodeURIComponent(`Bulk ${run}`)}`);
    const rowOf = (title: string) => table(page).getByRole('row').filter({ hasText: title });
    for (const title of titles)
      await expect(rowOf(title).getByRole('switch', { name: `Published: ${title}` })).toBeChecked({
        timeout: 30_000,
      });

    const bulk = page.getByRole('toolbar', { name: 'Bulk actions' });
    const selectBoth = async () => {
      for (const title of titles) await rowOf(title).getByRole('checkbox').check();
      await expect(bulk.getByText('2 selected')).toBeVisible();
    };

    await selectBoth();
    await bulk.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Unpublish' })
      .getByRole('button', { name: 'Unpublish' })
      .click();
    for (const title of titles)
      await expect(rowOf(title).getByRole('switch', { name: `Unpublished: ${title}` })).not.toBeChecked({
        timeout: 30_000,
      });

    await selectBoth();
    await bulk.getByRole('button', { name: 'Publish', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Publish' })
      .getByRole('button', { name: 'Publish' })
      .click();
    for (const title of titles)
      await expect(rowOf(title).getByRole('switch', { name: `Published: ${title}` })).toBeChecked({
        timeout: 30_000,
      });

    await selectBoth();
    await bulk.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Deletion' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText(adminMessages.bulkDeleted).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('No e-learning package found.')).toBeVisible({ timeout: 30_000 });
  });

  test("the learners report lists a learner, exports interactions, and a new version keeps the learner's record", async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const title = `Harness check ${run}`;
    const pkg = await uploadPackage(
      request,
      title,
      await scormPackage({
        version: '1.2',
        title,
        scos: [{ identifier: 'sco-1', title, href: 'index.html', masteryScore: 80 }],
      }),
      true,
    );
    const courseId = await courseWith(request, `Harness course ${run}`, [pkg._id]);
    // The lead plays it to a pass: what the launcher would commit at the SCO's finish.
    const lead = await apiAs(request, LEAD);
    await lead.post(
      elearningLearnerPaths.commit(pkg._id),
      {
        commitId: crypto.randomUUID(),
        courseId,
        scoId: 'sco-1',
        attempt: 1,
        at: new Date().toISOString(),
        event: 'finish',
        sessionId: crypto.randomUUID(),
        sessionSeconds: 95,
        elements: {
          'cmi.core.lesson_status': 'passed',
          'cmi.core.score.raw': '90',
          'cmi.core.lesson_location': '3',
          'cmi.interactions.0.id': `harness-fit-${run}`,
          'cmi.interactions.0.type': 'choice',
          'cmi.interactions.0.student_response': 'b',
          'cmi.interactions.0.correct_responses.0.pattern': 'b',
          'cmi.interactions.0.result': 'correct',
        },
      },
      200,
    );

    await openSignedIn(page, ADMIN, `${LIST}/edit/${pkg._id}`);
    const learners = learnersPanel(page);
    const row = learners.getByRole('row').filter({ hasText: LEAD.email });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row.getByText('Passed', { exact: true })).toBeVisible();
    await expect(row.getByText('90%', { exact: true })).toBeVisible();
    await expect(row.getByText('1m 35s', { exact: true })).toBeVisible();
    await expect(learners.getByText('1 learner', { exact: true })).toBeVisible();
    // Searched by name or email on the server.
    const search = learners.getByRole('searchbox', { name: 'Search learners' });
    await search.fill(`nobody-${run}`);
    await expect(learners.getByText('No learner found.')).toBeVisible({ timeout: 30_000 });
    await search.fill(LEAD.email);
    await expect(row).toBeVisible({ timeout: 30_000 });

    const download = page.waitForEvent('download');
    await learners.getByRole('button', { name: 'Export interactions' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv).toContain('Learner,Email');
    expect(csv).toContain(`harness-fit-${run}`);
    expect(csv).toContain(LEAD.email);

    // A new version: the form warns first, and the server's answer says the records were kept.
    await fileInput(page).setInputFiles(
      zipFile(
        'harness-v2.zip',
        await scormPackage({
          version: '1.2',
          title,
          scos: [{ identifier: 'sco-1', title: 'Harness check, revised', href: 'index.html' }],
        }),
      ),
    );
    await expect(page.getByText("Learners' records are kept: 1 learner has a record")).toBeVisible({
      timeout: 15_000,
    });
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    const kept = elearningMessages.newVersion(title, 2);
    await expect(packagePanel(page).getByText(kept)).toBeVisible({ timeout: 60_000 });
    await expect(packagePanel(page).getByText('Harness check, revised')).toBeVisible();
    await expect(row.getByText('Passed', { exact: true })).toBeVisible({ timeout: 30_000 });
  });
});
