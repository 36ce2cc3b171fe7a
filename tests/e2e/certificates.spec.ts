import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { pdfText } from '../api/pdf-text.ts';
import { apiAs } from './support/account-control.ts';
import { ADMIN, LEAD, openSignedIn } from './support/actions.ts';
import { type Learner, newLearner } from './support/learning.ts';
import { expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

// On a phone: a learner completes a course that gives a certificate, sees the completion at the
// top of the player and downloads the certificate; anyone checks its code on the public page; the
// learner's lead downloads it from the Transcript.

test.use(PHONE);

const run = () => `crt${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const CODE = /^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/;

/** As the administrator: a link-only course that gives a certificate, assigned to the learner, due again a year after. */
async function certifiedCourse(request: Parameters<typeof apiAs>[0], id: string, learner: Learner) {
  const admin = await apiAs(request, ADMIN);
  const categories = await admin.get<{ data: { _id: string }[] }>('/course-category/info?limit=10');
  const name = `Ladder safety ${id}`;
  const { _id: courseId } = await admin.post<{ _id: string }>('/course', {
    name,
    courseCategoryId: categories.data[0]?._id,
    permission: 'none',
    givesCertificate: true,
    externalLink: 'https://learn.example.org/ladders',
    externalTitle: 'Ladder safety on Learn',
  });
  await admin.post('/course-assignment', {
    title: `Ladder training ${id}`,
    kind: 'assigned',
    courseIds: [courseId],
    assigneeKind: 'users',
    assigneeIds: [learner._id],
    expiryType: 'dynamic',
    expiryValue: 1,
    expiryUnit: 'years',
  });
  return { courseId, name };
}

/** Saves what the button downloads and answers its name and text. */
async function downloadPdf(page: Page, button: ReturnType<Page['getByRole']>) {
  const download = page.waitForEvent('download');
  await button.click();
  const saved = await download;
  const path = await saved.path();
  const bytes = new Uint8Array(await readFile(path));
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  return { name: saved.suggestedFilename(), text: await pdfText(bytes) };
}

test('a learner completes a course, sees the completion at the top of the player, downloads the certificate and its code checks', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = run();
  const learner = await newLearner(request, id);
  const { courseId, name } = await certifiedCourse(request, id, learner);

  await openSignedIn(page, learner, `/user-portal/learning-process/course/${courseId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 20_000 });
  const completion = page.getByRole('region', { name: 'You have completed this course' });
  await expect(completion).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download certificate' })).toHaveCount(0);

  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Ladder safety on Learn' }).click();
  await (await popup).close();
  await page.getByRole('button', { name: 'Mark as done' }).click();

  await expect(completion).toBeVisible({ timeout: 20_000 });
  await expect(completion).toContainText('You have completed this course');
  await expect(completion).toContainText(/Completed on \S/);
  await expect(completion).toContainText(/Expires on \S/);
  // At the top: right under the course's name, above the rest of the player.
  const [titleBox, completionBox] = await Promise.all([
    page.getByRole('heading', { level: 1, name }).boundingBox(),
    completion.boundingBox(),
  ]);
  expect(completionBox?.y ?? 0).toBeGreaterThan(titleBox?.y ?? 0);
  expect(completionBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(844);
  await expectNoSidewaysScroll(page);

  const codeLink = completion.getByRole('link', { name: CODE });
  await expect(codeLink).toBeVisible();
  const code = (await codeLink.textContent())?.trim() ?? '';
  const pdf = await downloadPdf(page, completion.getByRole('button', { name: 'Download certificate' }));
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.text).toContain(learner.name);
  expect(pdf.text).toContain(name);
  expect(pdf.text).toMatch(/Completed on \d{1,2} \w+ \d{4}/);
  expect(pdf.text).toMatch(/Expires on \d{1,2} \w+ \d{4}/);
  expect(pdf.text).toContain(`Verification code: ${code}`);
  expect(pdf.text).toContain(`/certificate/${code}`);

  // The code's link opens the public check, signed in as the learner is.
  await codeLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate of Completion' })).toBeVisible();
  await expect(page.getByText('This certificate is valid')).toBeVisible();
  const details = page.getByRole('table', { name: 'Certificate' });
  await expect(details).toContainText(learner.name);
  await expect(details).toContainText(name);
  await expect(details).toContainText(code);
  await expectNoSidewaysScroll(page);

  // Anyone, not signed in, on a phone of their own: the same answer; a code no certificate has says so.
  const visitor = await browser.newContext(PHONE);
  const stranger = await visitor.newPage();
  await stranger.goto(`/certificate/${code}`);
  await expect(stranger.getByText('This certificate is valid')).toBeVisible({ timeout: 20_000 });
  await expect(stranger.getByRole('table', { name: 'Certificate' })).toContainText(learner.name);
  await stranger.goto('/certificate/0000-0000-0000-0000');
  await expect(stranger.getByText('Certificate not found')).toBeVisible({ timeout: 20_000 });
  await expect(stranger.getByText('No certificate has this verification code.')).toBeVisible();
  await visitor.close();
});

test('a lead downloads a member’s certificate from the Transcript', async ({ page, request }) => {
  test.setTimeout(120_000);
  const id = run();
  const learner = await newLearner(request, id);
  const { courseId, name } = await certifiedCourse(request, id, learner);
  const signIn = await request.post('/api/v1/login', { data: learner });
  const { token } = ((await signIn.json()) as { results: { token: string } }).results;
  const marked = await request.post(`/api/v1/user-portal/course/${courseId}/mark-done`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { completionId: crypto.randomUUID() },
  });
  expect(marked.status(), await marked.text()).toBe(200);

  await openSignedIn(
    page,
    LEAD,
    `/user-portal/team-dashboard?team=${learner.teamId}&memberSearch=${encodeURIComponent(learner.email)}`,
  );
  const card = page.getByRole('article', { name: learner.name });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.getByRole('button', { name: 'Transcript', exact: true }).tap();
  const transcript = page.getByRole('dialog').getByRole('table', { name: 'Transcript' });
  const row = transcript.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Completed', { timeout: 20_000 });
  const pdf = await downloadPdf(page, row.getByRole('button', { name: `Download certificate: ${name}` }));
  expect(pdf.text).toContain(learner.name);
  expect(pdf.text).toContain(name);
});
