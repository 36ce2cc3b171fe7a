// The screen catalogue's entries (screens.ts) for an e-learning package's edit screen: what was read
// from the package, and its learners report with a learner in it. The seed has no package, so
// `cataloguePackage` uploads one through the API before a run, puts it in a course of its own and
// has the lead commit a pass. No test runner imports: the screenshots script loads this module too.
import type { Page } from 'playwright-core';
import type { ElearningRow } from '../../../contract/elearning/resource.ts';
import { elearningLearnerPaths } from '../../../contract/elearning/tracking.ts';
import { scormPackage } from './scorm-packages.ts';
import type { Screen } from './screens.ts';

/** The catalogue's package (ScreenIds.elearningId), and the course that holds it. */
const SCREEN_PACKAGE = 'Catalogue ladder safety';
const SCREEN_PACKAGE_COURSE = 'Catalogue working at height';

type Envelope<T> = { results: T };

/**
 * The catalogue's package: found by its title, or uploaded (a SCORM 1.2 package of two SCOs, one
 * in a folder), published, put alone in a course open to every signed-in user, and passed by the
 * lead, so its report has a row. Answers its id.
 */
export async function cataloguePackage(api: string, adminToken: string, leadToken: string): Promise<string> {
  const call = async <T>(token: string, method: string, path: string, body?: BodyInit | object) => {
    const form = body instanceof FormData;
    const response = await fetch(`${api}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as Envelope<T>).results;
  };
  const found = await call<{ data: ElearningRow[] }>(
    adminToken,
    'GET',
    `/elearning-package?search=${encodeURIComponent(SCREEN_PACKAGE)}`,
  );
  const existing = found.data.find((row) => row.title === SCREEN_PACKAGE);
  if (existing) return existing._id;

  const zip = await scormPackage({
    version: '1.2',
    title: SCREEN_PACKAGE,
    scos: [
      { identifier: 'sco-1', title: 'Before you climb', href: 'intro/index.html', masteryScore: 80 },
      { identifier: 'sco-2', title: 'Up the ladder', href: 'climb/index.html', parent: 'Module 2' },
    ],
  });
  const form = new FormData();
  form.append('title', SCREEN_PACKAGE);
  form.append('description', 'Three points of contact, every time.');
  form.append('completionRule', 'reported');
  form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'ladder-safety.zip');
  const pkg = await call<{ _id: string }>(adminToken, 'POST', '/elearning-package', form);
  await call(adminToken, 'POST', '/elearning-package/bulk-publish', { bulkId: [pkg._id] });
  const categories = await call<{ data: { _id: string }[] }>(
    adminToken,
    'GET',
    '/course-category/info?limit=10',
  );
  const course = await call<{ _id: string }>(adminToken, 'POST', '/course', {
    name: SCREEN_PACKAGE_COURSE,
    courseCategoryId: categories.data[0]?._id,
    permission: 'none',
  });
  await call(adminToken, 'POST', `/course/lesson/${course._id}`, { elearningPackageIds: [pkg._id] });
  for (const scoId of ['sco-1', 'sco-2'])
    await call(leadToken, 'POST', elearningLearnerPaths.commit(pkg._id), {
      commitId: crypto.randomUUID(),
      courseId: course._id,
      scoId,
      attempt: 1,
      at: new Date().toISOString(),
      event: 'finish',
      sessionId: crypto.randomUUID(),
      sessionSeconds: 300,
      elements: {
        'cmi.core.lesson_status': 'passed',
        'cmi.core.score.raw': '90',
        'cmi.interactions.0.id': `${scoId}-question`,
        'cmi.interactions.0.student_response': 'b',
        'cmi.interactions.0.result': 'correct',
      },
    });
  return pkg._id;
}

/** The package's edit screen, once what was read from it shows. */
const contentsReady = async (page: Page) => {
  await page.getByRole('heading', { level: 2, name: 'Package', exact: true }).waitFor();
  await page.getByRole('list', { name: 'Items and launch files' }).waitFor();
};

export const elearningScreens: Screen[] = [
  {
    name: 'elearning-edit',
    route: '/app/content-management/elearning/edit/$elearningId',
    who: 'admin',
    ready: contentsReady,
  },
  {
    name: 'elearning-learners-report',
    route: '/app/content-management/elearning/edit/$elearningId',
    who: 'admin',
    ready: contentsReady,
    open: async (page) => {
      const report = page.getByRole('table', { name: 'Learners' });
      await report.getByRole('cell').first().waitFor();
      await report.scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'elearning-new-version',
    route: '/app/content-management/elearning/edit/$elearningId',
    who: 'admin',
    ready: contentsReady,
    // A zip chosen on the edit screen: the warning that learners' records are kept.
    open: async (page) => {
      const zip = await scormPackage({ version: '1.2', title: SCREEN_PACKAGE });
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'ladder-safety-v2.zip', mimeType: 'application/zip', buffer: zip });
      await page.getByText("Learners' records are kept").waitFor();
    },
    // Leaving with a zip chosen and not uploaded would ask first.
    cleanup: async (page) => {
      await page.getByRole('button', { name: 'Clear the chosen file' }).click();
    },
  },
];
