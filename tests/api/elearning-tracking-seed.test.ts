import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coursePaths } from '../../contract/courses/resource.ts';
import {
  DEMO_PACKAGE_COURSE,
  DEMO_PACKAGE_TITLE,
  seedElearning,
  storeSeedPackage,
} from '../../server/db/seed-elearning.ts';
import { createFileStore } from '../../server/files/store.ts';
import { packageCalls } from './elearning-tracking-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { completionsOf, newLearner } from './learning-fixtures.ts';

// The demo's e-learning package: made and imported as an upload is, in a course open to everyone,
// and played to a pass by a learner.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the demo e-learning package', () => {
  it('is imported into a course everyone may take, and a learner passes it', async () => {
    const store = createFileStore(t.config.files);
    const seeded = await storeSeedPackage(store);
    expect(seeded.imported.columns.scormVersion).toBe('1.2');
    expect(seeded.imported.columns.structure.items).toMatchObject([
      { identifier: 'lesson', launch: 'index.html', scormType: 'sco', masteryScore: 80 },
    ]);
    const courseId = await t.db.transaction((tx) => seedElearning(tx, seeded));

    const admin = await t.login(demo.admin.email, demo.admin.password);
    const outline = await t.call('GET', coursePaths.outline(courseId), { token: admin });
    expect(outline.body.results).toEqual([
      { kind: 'elearning', id: seeded.id, name: DEMO_PACKAGE_TITLE, status: true },
    ]);
    const course = await t.call('GET', coursePaths.one(courseId), { token: admin });
    expect(course.body.results).toMatchObject({
      name: DEMO_PACKAGE_COURSE,
      permission: 'none',
      status: true,
    });

    const learner = await newLearner(t);
    const calls = packageCalls(t, learner.token);
    const launched = await calls.launch(seeded.id, courseId);
    expect(launched.status, launched.text).toBe(200);
    expect(launched.body.results).toMatchObject({ title: DEMO_PACKAGE_TITLE, masteryScore: 80, done: false });
    const passed = await calls.commit(seeded.id, {
      courseId,
      scoId: 'lesson',
      event: 'finish',
      sessionSeconds: 90,
      elements: {
        'cmi.core.lesson_status': 'passed',
        'cmi.core.score.raw': '100',
        'cmi.interactions.0.id': 'electrical-fire',
        'cmi.interactions.0.result': 'correct',
      },
    });
    expect(passed.status, passed.text).toBe(200);
    expect(passed.body.results).toMatchObject({ packageDone: true, completedCourseIds: [courseId] });
    expect(await completionsOf(t, learner.id, courseId)).toHaveLength(1);
  });
});
