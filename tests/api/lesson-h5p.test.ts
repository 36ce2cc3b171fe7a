import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityMessages as am } from '../../contract/lessons/activities.ts';
import { type LessonActivity, type LessonDetail, lessonPaths as p } from '../../contract/lessons/resource.ts';
import { PLAYER_FOLDER } from '../../server/modules/lessons/h5p.ts';
import { H5P_SENTENCE, tinyH5pPackage } from '../e2e/support/lesson-files.ts';
import { storedKeys } from './files-env.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

// An uploaded H5P package (.h5p) plays in its interactiveContent activity: the embed link's index
// is the H5P player's document, and the package's files and the player's assets lie under it.

let t: TestContext;
let admin: string;
let root: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  if (t.config.files.kind !== 'disk') throw new Error('These tests read the store on disk');
  root = t.config.files.root;
});
afterAll(() => t.close());

const POLICY = 'sandbox allow-scripts allow-forms allow-popups';

const createLesson = async () => {
  const name = `H5P lesson ${Math.random().toString(36).slice(2)}`;
  const response = await t.call('POST', p.list, { token: admin, body: { name, description: 'Plays H5P.' } });
  expect(response.status, response.text).toBe(201);
  return response.body.results as LessonDetail;
};

const addPackage = (lessonId: string, bytes: Buffer, name = 'quiz.h5p') => {
  const data = new FormData();
  data.append('lessonId', lessonId);
  data.append('title', 'H5P quiz');
  data.append('activityType', 'interactiveContent');
  data.append('contentFile', new Blob([new Uint8Array(bytes)]), name);
  return t.call('POST', p.activity, { token: admin, form: data });
};
const fetchUrl = (url: string) => t.app.request(url);

describe('H5P packages', () => {
  it('plays an uploaded .h5p with the H5P player, from files served under the signed link', async () => {
    const lessonId = (await createLesson())._id;
    const response = await addPackage(lessonId, tinyH5pPackage());
    expect(response.status, response.text).toBe(201);
    const activity = response.body.results as LessonActivity;
    const prefix = activity.embedUrl ?? '';
    expect(prefix).toMatch(/\/lesson\/embed\/[0-9a-f-]{36}\/\d+\/[0-9a-f]{64}\/$/);

    const index = await fetchUrl(prefix);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toBe(POLICY);
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await index.text();
    expect(page).toContain('new H5PStandalone.H5P(');
    expect(page).toContain(`h5pJsonPath: ${JSON.stringify(prefix.slice(0, -1))}`);
    expect(page).toContain(`src="${prefix}${PLAYER_FOLDER}/main.bundle.js"`);
    expect(await (await fetchUrl(`${prefix}index.html`)).text()).toBe(page);

    // The player's fetches come from the sandbox's opaque origin: the files allow any origin.
    const manifest = await fetchUrl(`${prefix}h5p.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect(manifest.headers.get('content-security-policy')).toBe(POLICY);
    expect(await manifest.json()).toMatchObject({ mainLibrary: 'H5P.TestText' });
    const content = await fetchUrl(`${prefix}content/content.json`);
    expect(await content.json()).toEqual({ text: H5P_SENTENCE });
    const library = await fetchUrl(`${prefix}H5P.TestText-1.0/test-text.js`);
    expect(library.headers.get('content-type')).toMatch(/javascript/);
    expect(await library.text()).toContain('H5P.TestText = ');

    // The player's own assets, from the installed h5p-standalone, cached for good.
    for (const [asset, type] of [
      ['main.bundle.js', /javascript/],
      ['frame.bundle.js', /javascript/],
      ['styles/h5p.css', /^text\/css/],
    ] as const) {
      const served = await fetchUrl(`${prefix}${PLAYER_FOLDER}/${asset}`);
      expect(served.status, asset).toBe(200);
      expect(served.headers.get('content-type')).toMatch(type);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('access-control-allow-origin')).toBe('*');
      expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    for (const missing of ['nothing.js', '../package.json', 'main.bundle.js.LICENSE.txt'])
      expect((await fetchUrl(`${prefix}${PLAYER_FOLDER}/${missing}`)).status, missing).toBe(404);

    // A tampered link reaches neither the player nor the package.
    const tampered = prefix.replace(/([0-9a-f])\/$/, (_, last) => `${last === '0' ? '1' : '0'}/`);
    expect(tampered).not.toBe(prefix);
    expect((await fetchUrl(tampered)).status).toBe(403);
    expect((await fetchUrl(`${tampered}${PLAYER_FOLDER}/main.bundle.js`)).status).toBe(403);

    // Deleting the activity leaves nothing of the package behind.
    const before = storedKeys(root);
    expect((await t.call('DELETE', p.deleteActivity(activity._id), { token: admin })).status).toBe(200);
    const left = storedKeys(root);
    expect(before.length - left.length).toBe(6); // the .h5p, its 4 files and the H5P mark
    expect((await fetchUrl(prefix)).status).toBe(404);
  });

  it('takes an H5P package named .zip, and a copied lesson plays its own copy', async () => {
    const lessonId = (await createLesson())._id;
    const zipped = await addPackage(lessonId, tinyH5pPackage(), 'quiz.zip');
    expect(zipped.status, zipped.text).toBe(201);
    const page = await (await fetchUrl(zipped.body.results.embedUrl)).text();
    expect(page).toContain('new H5PStandalone.H5P(');

    const copy = await t.call('POST', p.duplicate(lessonId), { token: admin });
    expect(copy.status, copy.text).toBe(201);
    const bulk = await t.call('DELETE', p.bulkDelete, { token: admin, body: { bulkId: [lessonId] } });
    expect(bulk.status).toBe(200);
    const copied = await t.call('GET', p.activities(copy.body.results._id), { token: admin });
    const [activity] = copied.body.results as LessonActivity[];
    const prefix = activity?.embedUrl ?? '';
    expect(await (await fetchUrl(prefix)).text()).toContain('new H5PStandalone.H5P(');
    expect(await (await fetchUrl(`${prefix}content/content.json`)).json()).toEqual({ text: H5P_SENTENCE });
  });

  it('refuses a broken H5P package with its message and keeps none of it', async () => {
    const lessonId = (await createLesson())._id;
    const before = storedKeys(root);
    const broken = {
      'no content.json': tinyH5pPackage({ content: null }),
      'manifest without its main library': tinyH5pPackage({
        manifest: { title: 'x', language: 'und', embedTypes: ['div'], preloadedDependencies: [] },
      }),
      'main library not in the package': tinyH5pPackage({
        manifest: {
          title: 'x',
          language: 'und',
          mainLibrary: 'H5P.Other',
          embedTypes: ['div'],
          preloadedDependencies: [{ machineName: 'H5P.Other', majorVersion: 1, minorVersion: 0 }],
        },
      }),
      'manifest not JSON': tinyH5pPackage({ manifest: '{"title": "x",' }),
    };
    for (const [name, zip] of Object.entries(broken)) {
      const response = await addPackage(lessonId, zip);
      expect(response.status, name).toBe(422);
      expect(response.body.errors, name).toEqual({ contentFile: am.packageH5p });
    }
    expect(storedKeys(root)).toEqual(before);
  });
});
