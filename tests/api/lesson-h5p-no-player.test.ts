import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityMessages as am } from '../../contract/lessons/activities.ts';
import { type LessonDetail, lessonPaths as p } from '../../contract/lessons/resource.ts';
import { findPlayer } from '../../server/modules/lessons/h5p.ts';
import { tinyH5pPackage, tinyHtmlPackage } from '../e2e/support/lesson-files.ts';
import { storedKeys } from './files-env.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

// The H5P player is an optional dependency: an install that left it out refuses H5P packages with
// a message that says what to upload instead, and still takes HTML5 packages.
vi.mock('../../server/modules/lessons/h5p.ts', async (original) => ({
  ...(await original<typeof import('../../server/modules/lessons/h5p.ts')>()),
  h5pPlayer: undefined,
}));

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

const addPackage = async (bytes: Buffer, name: string) => {
  const lesson = await t.call('POST', p.list, {
    token: admin,
    body: { name: `No player ${Math.random().toString(36).slice(2)}`, description: '' },
  });
  expect(lesson.status, lesson.text).toBe(201);
  const data = new FormData();
  data.append('lessonId', (lesson.body.results as LessonDetail)._id);
  data.append('title', 'Package');
  data.append('activityType', 'interactiveContent');
  data.append('contentFile', new Blob([new Uint8Array(bytes)]), name);
  return t.call('POST', p.activity, { token: admin, form: data });
};

describe('without the H5P player', () => {
  it('finds no player when h5p-standalone cannot be resolved', () => {
    expect(
      findPlayer(() => {
        throw new Error('Cannot find module');
      }),
    ).toBeUndefined();
    expect(findPlayer()?.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('refuses an H5P package with the message and stores nothing, and takes an HTML5 package', async () => {
    const before = storedKeys(root);
    const refused = await addPackage(tinyH5pPackage(), 'quiz.h5p');
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors).toEqual({ contentFile: am.packageH5pNoPlayer });
    expect(storedKeys(root)).toEqual(before);

    const html5 = await addPackage(tinyHtmlPackage(), 'page.zip');
    expect(html5.status, html5.text).toBe(201);
  });
});
