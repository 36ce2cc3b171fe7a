import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { elearningLearnerPaths } from '../../contract/elearning/tracking.ts';
import { openSignedIn, waitForServiceWorker } from './support/actions.ts';
import { E2E_BASE_URL } from './support/config.ts';
import { apiAs, learnerPackage, type PackageCourse, packageCourse } from './support/elearning-course.ts';
import { newLearner } from './support/learning.ts';
import { SYNCED } from './support/outbox.ts';
import { readStoredValue } from './support/outbox-page.ts';
import { PHONE } from './support/responsive.ts';
import { manifestXml, scormPackage, zipOf } from './support/scorm-packages.ts';

test.use(PHONE);

const run = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const SLOW = { timeout: 30_000 };
const playerPath = (setup: PackageCourse) => `/user-portal/learning-process/course/${setup.courseId}`;

/** The SCO's own frame, inside the launcher's frame on the content origin. */
const scoFrame = (page: Page, setup: PackageCourse): FrameLocator =>
  page.frameLocator(`iframe[title^="${setup.packageTitle}"]`).frameLocator('#sco');

const outline = (page: Page) => page.getByRole('navigation', { name: 'Course outline' });

/** Leaves the player for Training Resources by the breadcrumb, within the app (the page stays). */
async function leavePlayer(page: Page) {
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').first().click();
  await expect(page.getByRole('navigation', { name: 'Course outline' })).toBeHidden();
}

/** The query cache this device saved holds its read of the package (not only the course naming it). */
async function packageReadSaved(page: Page, setup: PackageCourse): Promise<boolean> {
  const saved = await readStoredValue(page, 'query-cache');
  if (typeof saved !== 'string') return false;
  const { clientState } = JSON.parse(saved) as { clientState: { queries: { queryKey: unknown[] }[] } };
  return clientState.queries.some(
    (query) => query.queryKey.includes('elearning') && query.queryKey.includes(setup.packageId),
  );
}

/** Reads the package's pages up to `page` (of 3). */
async function readTo(sco: FrameLocator, page: number) {
  await expect(sco.getByText('Page 1 of 3')).toBeVisible(SLOW);
  for (let at = 2; at <= page; at++) {
    await sco.getByRole('button', { name: 'Next page' }).click();
    await expect(sco.getByText(`Page ${at} of 3`)).toBeVisible(SLOW);
  }
}

test('a learner plays a package to a pass: the outline shows it done and the course completes', async ({
  page,
  request,
}) => {
  const id = run();
  const learner = await newLearner(request, id);
  const setup = await packageCourse(request, id, await scormPackage({ version: '1.2', title: 'Ladders' }), [
    learner._id,
  ]);
  await openSignedIn(page, learner, playerPath(setup));
  await expect(page.getByRole('heading', { level: 2, name: setup.packageTitle })).toBeVisible(SLOW);
  const sco = scoFrame(page, setup);
  await readTo(sco, 3);
  await sco.getByRole('button', { name: 'Answer correctly' }).click();
  await expect(sco.getByText('Passed', { exact: true })).toBeVisible();

  await expect(outline(page).getByRole('button', { name: `1. ${setup.packageTitle}` })).toContainText(
    'E-learning · 1 of 1 part done',
    SLOW,
  );
  await expect(outline(page).getByLabel('Done')).toBeVisible();
  await expect(page.getByText('1 of 1 done')).toBeVisible();
  // The player says so beside the package's title, from the server's answer.
  await expect(page.getByRole('main').getByText('Passed', { exact: true })).toBeVisible();
  const held = await learnerPackage(request, learner, setup);
  expect(held.pkg.done).toBe(true);
  expect(held.pkg.records).toEqual([
    expect.objectContaining({ scoId: 'sco-1', attempt: 1, successStatus: 'passed', score: 100, done: true }),
  ]);
  expect(held.course.progress.state).toBe('completed');
});

test('a package of several SCOs shows its contents nested, goes on to the next SCO when one finishes, and opens the one chosen', async ({
  page,
  request,
}) => {
  const id = run();
  const learner = await newLearner(request, id);
  const zip = await scormPackage({
    version: '1.2',
    title: 'Ladders',
    pages: 1,
    scos: [
      { identifier: 'sco-1', title: 'Before you climb', href: 'intro/index.html' },
      { identifier: 'sco-2', title: 'Up the ladder', href: 'climb/index.html', parent: 'Module 2' },
    ],
  });
  const setup = await packageCourse(request, id, zip, [learner._id]);
  await openSignedIn(page, learner, playerPath(setup));
  const contents = page.getByRole('navigation', { name: 'Package contents' });
  await expect(contents.getByText('Module 2')).toBeVisible(SLOW);
  await expect(contents.getByRole('button', { name: 'Before you climb' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  const frame = page.frameLocator('main iframe[title]').frameLocator('#sco');
  await expect(frame.getByRole('heading', { name: 'Before you climb' })).toBeVisible(SLOW);
  await frame.getByRole('button', { name: 'Answer correctly' }).click();
  // The SCO finished: the player goes on to the next one, and the first is marked done.
  await expect(frame.getByRole('heading', { name: 'Up the ladder' })).toBeVisible(SLOW);
  await expect(contents.getByRole('button', { name: 'Up the ladder' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await expect(contents.getByRole('button', { name: 'Before you climb' }).getByLabel('Done')).toBeVisible(
    SLOW,
  );
  await page
    .getByRole('navigation', { name: 'Package navigation' })
    .getByRole('button', { name: 'Previous' })
    .click();
  await expect(frame.getByRole('heading', { name: 'Before you climb' })).toBeVisible(SLOW);
  await contents.getByRole('button', { name: 'Up the ladder' }).click();
  await expect(frame.getByRole('heading', { name: 'Up the ladder' })).toBeVisible(SLOW);
  await frame.getByRole('button', { name: 'Answer correctly' }).click();
  await expect(frame.getByText('Passed', { exact: true })).toBeVisible();
  await expect(outline(page).getByRole('button', { name: `1. ${setup.packageTitle}` })).toContainText(
    'E-learning · 2 of 2 parts done',
    SLOW,
  );
});

test('a learner who stops halfway resumes on another device at the same page', async ({
  browser,
  request,
}) => {
  const id = run();
  const learner = await newLearner(request, id);
  const setup = await packageCourse(
    request,
    id,
    await scormPackage({ version: '2004-4', title: 'Ladders' }),
    [learner._id],
  );
  const first = await browser.newContext(PHONE);
  const phone = await first.newPage();
  await openSignedIn(phone, learner, playerPath(setup));
  await readTo(scoFrame(phone, setup), 2);
  // The SCO committed its location: the server holds it before the learner leaves this device.
  await expect
    .poll(
      async () => (await learnerPackage(request, learner, setup)).pkg.records[0]?.cmi['cmi.location'],
      SLOW,
    )
    .toBe('2');
  await first.close();

  const second = await browser.newContext(PHONE);
  const tablet = await second.newPage();
  await openSignedIn(tablet, learner, playerPath(setup));
  await expect(scoFrame(tablet, setup).getByText('Page 2 of 3')).toBeVisible(SLOW);
  await second.close();
});

test('a SCO that never commits still saves what it set when the learner leaves the player', async ({
  page,
  request,
}) => {
  const id = run();
  const learner = await newLearner(request, id);
  const zip = await scormPackage({ version: '1.2', title: 'Ladders', commits: false });
  const setup = await packageCourse(request, id, zip, [learner._id]);
  await openSignedIn(page, learner, playerPath(setup));
  await readTo(scoFrame(page, setup), 3);
  // Nothing reached the server while the SCO only set values.
  expect(
    (await learnerPackage(request, learner, setup)).pkg.records[0]?.cmi['cmi.core.lesson_location'],
  ).not.toBe('3');
  await leavePlayer(page);
  await expect
    .poll(
      async () =>
        (await learnerPackage(request, learner, setup)).pkg.records[0]?.cmi['cmi.core.lesson_location'],
      SLOW,
    )
    .toBe('3');
});

test('a SCO that never commits is saved as the page is hidden, and resumes there after a reload', async ({
  page,
  request,
}) => {
  const id = run();
  const learner = await newLearner(request, id);
  const zip = await scormPackage({ version: '2004-3', title: 'Ladders', commits: false });
  const setup = await packageCourse(request, id, zip, [learner._id]);
  await openSignedIn(page, learner, playerPath(setup));
  await waitForServiceWorker(page);
  await readTo(scoFrame(page, setup), 2);
  // The learner switches away from the tab: what the SCO set is saved as the page is hidden (the
  // launcher's message may still be on its way at the first hide, so the tab is hidden again until
  // the server holds it, as a learner going back and forth would).
  await expect
    .poll(async () => {
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      return (await learnerPackage(request, learner, setup)).pkg.records[0]?.cmi['cmi.location'];
    }, SLOW)
    .toBe('2');
  // Then the page is reloaded: the SCO resumes where it was.
  await page.reload();
  await expect(scoFrame(page, setup).getByText('Page 2 of 3')).toBeVisible(SLOW);
});

test('a package played on another device a moment ago resumes where that device left it after a reload', async ({
  page,
  request,
}) => {
  const id = run();
  const learner = await newLearner(request, id);
  const setup = await packageCourse(
    request,
    id,
    await scormPackage({ version: '2004-3', title: 'Ladders' }),
    [learner._id],
  );
  await openSignedIn(page, learner, playerPath(setup));
  await expect(scoFrame(page, setup).getByText('Page 1 of 3')).toBeVisible(SLOW);
  // This device's read of the package is saved with the query cache, fresh for a minute.
  await expect.poll(() => packageReadSaved(page, setup), SLOW).toBe(true);
  // Meanwhile the learner reads on to the last page on another device, which commits it.
  await (await apiAs(request, learner)).post(
    elearningLearnerPaths.commit(setup.packageId),
    {
      commitId: crypto.randomUUID(),
      courseId: setup.courseId,
      scoId: 'sco-1',
      attempt: 1,
      at: new Date().toISOString(),
      event: 'commit',
      sessionId: crypto.randomUUID(),
      elements: { 'cmi.location': '3', 'cmi.suspend_data': '1,2,3', 'cmi.completion_status': 'incomplete' },
    },
    200,
  );
  await page.reload();
  await expect(scoFrame(page, setup).getByText('Page 3 of 3')).toBeVisible(SLOW);
});

test('a package read hours ago is read again before it is launched, so its launcher is signed anew', async ({
  page,
  request,
}) => {
  const id = run();
  const learner = await newLearner(request, id);
  const setup = await packageCourse(request, id, await scormPackage({ version: '1.2', title: 'Ladders' }), [
    learner._id,
  ]);
  await openSignedIn(page, learner, playerPath(setup));
  await expect(scoFrame(page, setup).getByText('Page 1 of 3')).toBeVisible(SLOW);
  // The package's read is saved on the device with the rest of the query cache.
  await expect.poll(() => packageReadSaved(page, setup), SLOW).toBe(true);
  const launcher = page.locator(`iframe[title^="${setup.packageTitle}"]`);
  const before = await launcher.getAttribute('src');
  await page.clock.setFixedTime(Date.now() + 2 * 60 * 60_000);
  // The reloaded page's reads of the package: a read may be cancelled for a newer one (the SCO's
  // commits, as the page before goes and as the SCO starts again, have the package read again).
  await page.reload({ waitUntil: 'commit' });
  const signed: string[] = [];
  page.on('response', async (response) => {
    if (
      response.request().method() !== 'GET' ||
      new URL(response.url()).pathname !== `/api/v1/user-portal/elearning/${setup.packageId}`
    )
      return;
    try {
      signed.push(((await response.json()) as { results: { launcherUrl: string } }).results.launcherUrl);
    } catch {
      // A cancelled read has no body to read.
    }
  });
  await expect
    .poll(async () => {
      const src = await launcher.getAttribute('src');
      return src !== null && signed.includes(src);
    }, SLOW)
    .toBe(true);
  // Signed seconds after the first read, its address is not the one the saved read holds.
  expect(await launcher.getAttribute('src')).not.toBe(before);
  await expect(scoFrame(page, setup).getByText('Page 1 of 3')).toBeVisible(SLOW);
});

test('a package kept on the device plays offline, survives a reload, and reaches the server once', async ({
  page,
  request,
}) => {
  const id = run();
  const learner = await newLearner(request, id);
  const setup = await packageCourse(request, id, await scormPackage({ version: '1.2', title: 'Ladders' }), [
    learner._id,
  ]);
  await openSignedIn(page, learner, playerPath(setup));
  await waitForServiceWorker(page);
  await expect(scoFrame(page, setup).getByText('Page 1 of 3')).toBeVisible(SLOW);
  const panel = page.getByRole('region', { name: 'Offline use' });
  await expect(panel).toContainText('it needs 0 bytes and the files of 1 e-learning package.');
  await panel.getByRole('button', { name: 'Keep offline' }).click();
  await expect(panel).toContainText('Kept on this device: 0 files, 0 bytes, 1 e-learning package,', SLOW);

  await page.context().setOffline(true);
  await page.reload();
  const sco = scoFrame(page, setup);
  await readTo(sco, 2);
  await page.reload();
  // Offline, the reload resumes from the commits waiting in the outbox.
  await expect(sco.getByText('Page 2 of 3')).toBeVisible(SLOW);
  await sco.getByRole('button', { name: 'Next page' }).click();
  await sco.getByRole('button', { name: 'Answer correctly' }).click();
  await expect(sco.getByText('Passed', { exact: true })).toBeVisible();
  await page.reload();
  const item = outline(page).getByRole('button', { name: `1. ${setup.packageTitle}` });
  await expect(item).toContainText('Waiting to be sent', SLOW);
  await expect(item).toContainText('1 of 1 part done');

  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText(SYNCED)).toBeVisible(SLOW);
  await expect(item).not.toContainText('Waiting to be sent', SLOW);
  const held = await learnerPackage(request, learner, setup);
  expect(held.pkg.records).toEqual([
    expect.objectContaining({ scoId: 'sco-1', attempt: 1, successStatus: 'passed', done: true }),
  ]);
  expect(held.course.progress.state).toBe('completed');
});

/**
 * A SCO that tries what a hostile package would: read the app's storage through window.top, find the
 * learner's token in its own origin's storage, call the app's API with the learner's credentials, and
 * post a forged write to the app page. It shows what each try got.
 */
function hostileSco(app: string, setup: { courseId: string; packageId: string }) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Curious</title></head>
<body><main><h1>Curious</h1><ul id="out"></ul></main><script>
(async function () {
  var out = document.getElementById('out');
  function say(text) { var li = document.createElement('li'); li.textContent = text; out.appendChild(li); }
  try { var token = window.top.localStorage.getItem('token'); say('App storage: read ' + token); }
  catch (e) { say('App storage: refused'); }
  try { window.top.indexedDB.open('TheBlueCollarSuccess'); say('App database: opened'); }
  catch (e) { say('App database: refused'); }
  try {
    var names = (await indexedDB.databases()).map(function (db) { return db.name; });
    say(names.indexOf('TheBlueCollarSuccess') >= 0 ? 'Own storage: app database found' : 'Own storage: no token');
  } catch (e) { say('Own storage: no token'); }
  try {
    var response = await fetch(${JSON.stringify(`${app}/api/v1/user-portal/elearning/${setup.packageId}/commit`)}, {
      method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ commitId: crypto.randomUUID(), courseId: ${JSON.stringify(setup.courseId)}, scoId: 'sco-1',
        attempt: 1, at: new Date().toISOString(), event: 'finish', elements: { 'cmi.core.lesson_status': 'passed' },
        sessionId: crypto.randomUUID() })
    });
    say(response.ok ? 'App API: written' : 'App API: refused');
  } catch (e) { say('App API: refused'); }
  window.top.postMessage({ channel: 'training-admin-elearning', type: 'write', scoId: 'sco-1', at: new Date().toISOString(),
    elements: { 'cmi.core.lesson_status': 'passed' }, event: 'finish', sessionSeconds: 5 }, '*');
  say('Forged write: posted');
})();
</script></body></html>`;
}

test('a package cannot read the app storage, call the API as the learner, or forge a write', async ({
  page,
  request,
}) => {
  const id = run();
  const learner = await newLearner(request, id);
  // The hostile page aims at another course's package, which the learner may write to.
  const placeholder = {
    courseId: '00000000-0000-4000-8000-000000000000',
    packageId: '00000000-0000-4000-8000-000000000000',
  };
  const zip = (ids: typeof placeholder) =>
    zipOf({
      'imsmanifest.xml': manifestXml('1.2', 'Curious', [
        { identifier: 'sco-1', title: 'Curious', href: 'index.html' },
      ]),
      'index.html': hostileSco(E2E_BASE_URL, ids),
    });
  const target = await packageCourse(request, `${id}a`, await zip(placeholder), [learner._id]);
  // Done once the learner exits it (it reports no status): its save on leaving is seen on the server.
  const hostile = await packageCourse(request, `${id}b`, await zip(target), [learner._id], {
    completionRule: 'exit',
  });
  await openSignedIn(page, learner, playerPath(hostile));
  const sco = scoFrame(page, hostile);
  await expect(sco.getByText('App storage: refused')).toBeVisible(SLOW);
  await expect(sco.getByText('App database: refused')).toBeVisible();
  await expect(sco.getByText('Own storage: no token')).toBeVisible();
  await expect(sco.getByText('App API: refused')).toBeVisible(SLOW);
  await expect(sco.getByText('Forged write: posted')).toBeVisible();
  // Leaving the player saves the SCO's session, which reaches the server after anything sent before it.
  await leavePlayer(page);
  await expect.poll(async () => (await learnerPackage(request, learner, hostile)).pkg.done, SLOW).toBe(true);
  const own = await learnerPackage(request, learner, hostile);
  expect(own.pkg.records.map((record) => record.cmi['cmi.core.lesson_status'])).not.toContain('passed');
  expect(own.pkg.records.map((record) => record.successStatus)).not.toContain('passed');
  const aimed = await learnerPackage(request, learner, target);
  expect(aimed.pkg.records.filter((record) => record.done || Object.keys(record.cmi).length > 0)).toEqual([]);
  expect(aimed.course.progress.state).not.toBe('completed');
});
