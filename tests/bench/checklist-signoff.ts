// `npm run bench -- checklist-signoff`: a lead's sign-offs on a phone, sent online and queued
// offline then replayed, counted on the server afterwards.
import type { Page } from 'playwright-core';
import { checklistRecordPaths, type LearnerChecklist } from '../../contract/checklists/records.ts';
import { paths } from '../../contract/paths.ts';
import { ADMIN, type ApiClient, apiClient, LEAD } from './support/learner-course.ts';
import {
  launchChromium,
  phoneContext,
  signInThroughForm,
  waitForServiceWorker,
} from './support/phone-browser.ts';
import { startServer } from './support/server.ts';

const SIGN_OFFS = 200;
const WARM_UP = 20;
const PORT = 4331;
/** A photo of a few hundred bytes, as each sign-off carries one. */
const PHOTO_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

type Setup = { checklistId: string; teamId: string; activityIds: string[]; learners: Record<string, string> };

/** As the administrator: a published checklist of 200 lead sign-offs in a course assigned to four new members of the lead's team. */
async function setUp(api: ApiClient): Promise<Setup> {
  const [admin, lead] = [await api.signIn(ADMIN), await api.signIn(LEAD)];
  const organizations = await api.must(200, 'GET', '/team/team-lead', { token: lead });
  const teamId = organizations.results.data.find(
    (team: { title: string }) => team.title === 'Growth Team',
  )?._id;
  if (!teamId) throw new Error('The seed has the Growth Team');
  const learners: Record<string, string> = {};
  for (const name of ['Warm', 'Online', 'Offline', 'Again']) {
    const form = new FormData();
    const fields = {
      firstName: 'Bench',
      lastName: name,
      email: `bench.${name.toLowerCase()}@example.com`,
      password: 'bench123',
      confirmPassword: 'bench123',
      teamId,
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    learners[name] = (await api.must(201, 'POST', paths.addMember, { token: lead, form })).results._id;
  }
  const checklist = await api.must(201, 'POST', '/checklist', {
    token: admin,
    body: { title: 'Warehouse induction (bench)' },
  });
  const checklistId = checklist.results._id as string;
  const activityIds: string[] = [];
  for (let index = 1; index <= SIGN_OFFS; index += 1) {
    const activity = await api.must(201, 'POST', '/checklist/activity', {
      token: admin,
      body: { checklistId, title: `Task ${index}`, type: 'leadSignOff', required: true },
    });
    activityIds.push(activity.results._id);
  }
  await api.must(200, 'PATCH', '/checklist/operation', {
    token: admin,
    body: { operation: 'publish', bulkId: [checklistId] },
  });
  const categories = await api.must(200, 'GET', '/course-category/info?limit=10', { token: admin });
  const course = await api.must(201, 'POST', '/course', {
    token: admin,
    body: {
      name: 'Warehouse induction',
      courseCategoryId: categories.results.data[0]._id,
      permission: 'none',
    },
  });
  await api.must(200, 'POST', `/course/lesson/${course.results._id}`, {
    token: admin,
    body: { checklistIds: [checklistId] },
  });
  await api.must(201, 'POST', '/course-assignment', {
    token: admin,
    body: {
      title: 'Warehouse induction (bench)',
      kind: 'assigned',
      courseIds: [course.results._id],
      assigneeKind: 'users',
      assigneeIds: Object.values(learners),
    },
  });
  return { checklistId, teamId, activityIds, learners };
}

type SignOff = { recordId: string; learnerId: string; activityId: string; checklistId: string };

const signOffsFor = (setup: Setup, learner: string, count = SIGN_OFFS): SignOff[] =>
  setup.activityIds.slice(0, count).map((activityId) => ({
    recordId: crypto.randomUUID(),
    learnerId: setup.learners[learner] as string,
    activityId,
    checklistId: setup.checklistId,
  }));

/**
 * Signs items off from the page one after another as the checklist screen does: a multipart record
 * with its note and photo, through fetch (which the worker's outbox takes), with the id made here.
 */
function signOffFromPage(page: Page, signOffs: SignOff[]): Promise<{ statuses: number[]; ms: number }> {
  return page.evaluate(
    async ({ list, photo, path }) => {
      const bytes = Uint8Array.from(atob(photo), (char) => char.charCodeAt(0));
      const statuses: number[] = [];
      const started = performance.now();
      for (const signOff of list) {
        const form = new FormData();
        form.append('recordId', signOff.recordId);
        form.append('learnerId', signOff.learnerId);
        form.append('activityId', signOff.activityId);
        form.append('action', 'done');
        form.append('note', 'Watched on the shop floor.');
        form.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
        const query = new URLSearchParams({
          checklist: signOff.checklistId,
          activity: signOff.activityId,
          learner: signOff.learnerId,
          action: 'done',
        });
        const response = await fetch(`/api/v1${path}?${query}`, {
          method: 'POST',
          headers: {
            Accept: 'application/json',
            'X-Outbox-Action': encodeURIComponent('Sign off checklist item'),
            'X-Outbox-Target': 'bench',
          },
          body: form,
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      return { statuses, ms: performance.now() - started };
    },
    { list: signOffs, photo: PHOTO_BASE64, path: checklistRecordPaths.record },
  );
}

/** Resolves with the ms from the page's 'online' event to the worker reporting an empty outbox. */
function timeReplay(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let onlineAt = Number.NaN;
        window.addEventListener('online', () => {
          onlineAt = performance.now();
        });
        const channel = new BroadcastChannel('training-admin-outbox');
        channel.onmessage = (event: MessageEvent<{ type: string; entries?: unknown[] }>) => {
          if (event.data.type === 'outbox:entries' && event.data.entries?.length === 0 && onlineAt >= 0) {
            channel.close();
            resolve(performance.now() - onlineAt);
          }
        };
      }),
  );
}

/** What the server holds of one learner's sign-offs: items with none (lost) and rows beyond one (duplicated). */
async function countOnServer(api: ApiClient, setup: Setup, learner: string, expected: number) {
  const lead = await api.signIn(LEAD);
  const path = checklistRecordPaths.memberChecklist(
    setup.teamId,
    setup.learners[learner] as string,
    setup.checklistId,
  );
  const checklist = (await api.must(200, 'GET', path, { token: lead })).results as LearnerChecklist;
  const items = checklist.items.slice(0, expected);
  const rows = items.reduce((sum, item) => sum + item.history.length, 0);
  const lost = items.filter((item) => item.state !== 'done').length;
  const duplicated = items.reduce((sum, item) => sum + Math.max(0, item.history.length - 1), 0);
  const photos = items.filter((item) => item.current?.hasFile).length;
  return { rows, lost, duplicated, photos };
}

/**
 * 200 sign-offs (each with a note and a photo) sent online one after another from a phone, then 200
 * more made offline and replayed when the connection is back: the replay's time against the online
 * time, and on the server every sign-off once (lost 0, duplicated 0).
 */
export async function checklistSignoff() {
  const server = await startServer({ port: PORT });
  const browser = await launchChromium();
  try {
    const api = apiClient(server.url);
    const setup = await setUp(api);
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await signInThroughForm(page, server.url, LEAD);
    await waitForServiceWorker(page);

    await signOffFromPage(page, signOffsFor(setup, 'Warm', WARM_UP));
    const sendOnline = async (learner: string) => {
      const sent = await signOffFromPage(page, signOffsFor(setup, learner));
      const refused = sent.statuses.filter((status) => status !== 201).length;
      if (refused > 0) throw new Error(`${refused} online sign-offs were not answered 201`);
      return sent.ms;
    };
    const onlineBefore = await sendOnline('Online');

    await context.setOffline(true);
    const queued = await signOffFromPage(page, signOffsFor(setup, 'Offline'));
    const notQueued = queued.statuses.filter((status) => status !== 202).length;
    if (notQueued > 0) throw new Error(`${notQueued} offline sign-offs were not answered 202 queued`);
    const replayed = timeReplay(page);
    await context.setOffline(false);
    const replayMs = await replayed;
    // The online time is taken before and after the replay, so load from elsewhere weighs on both alike.
    const onlineAfter = await sendOnline('Again');
    const onlineMs = (onlineBefore + onlineAfter) / 2;

    const counts = {
      online: await countOnServer(api, setup, 'Online', SIGN_OFFS),
      replayed: await countOnServer(api, setup, 'Offline', SIGN_OFFS),
      again: await countOnServer(api, setup, 'Again', SIGN_OFFS),
    };
    const ratio = replayMs / onlineMs;
    console.log(
      `  ${SIGN_OFFS} sign-offs, each with a note and a photo, on a phone (390x844), one after another`,
    );
    console.log(
      `  sent online through the worker: ${onlineMs.toFixed(0)} ms (${(onlineMs / SIGN_OFFS).toFixed(1)} ms each; mean of ${onlineBefore.toFixed(0)} ms before the replay and ${onlineAfter.toFixed(0)} ms after)`,
    );
    console.log(
      `  queued offline: ${queued.ms.toFixed(0)} ms (${(queued.ms / SIGN_OFFS).toFixed(1)} ms each)`,
    );
    console.log(
      `  replayed when back online: ${replayMs.toFixed(0)} ms (${(replayMs / SIGN_OFFS).toFixed(1)} ms each)`,
    );
    console.log(`  replay vs online: ratio ${ratio.toFixed(2)}`);
    for (const [name, count] of Object.entries(counts))
      console.log(
        `  on the server (${name}): ${count.rows} rows for ${SIGN_OFFS} sign-offs, ${count.photos} with their photo; lost ${count.lost}, duplicated ${count.duplicated}`,
      );
    const bad = Object.values(counts).filter(
      (count) => count.lost > 0 || count.duplicated > 0 || count.photos !== SIGN_OFFS,
    );
    if (bad.length > 0) throw new Error('Sign-offs were lost, duplicated or lost their photo');
    return { onlineMs, queuedMs: queued.ms, replayMs, ratio, counts };
  } finally {
    await browser.close();
    await server.stop();
  }
}
