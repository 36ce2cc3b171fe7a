import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CourseDetail, courseMessages as m, coursePaths as p } from '../../contract/courses/resource.ts';
import type { CatalogueResult, PlayerCourse } from '../../contract/learning/resource.ts';
import { learningPaths } from '../../contract/learning/resource.ts';
import { messages } from '../../contract/messages.ts';
import { courses } from '../../server/db/schema/courses.ts';
import { createCategory, createCourse } from './course-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

// A course's description (formatted, sanitised) and estimated duration: kept across updates that
// do not send them, and shown to learners.

let t: TestContext;
let admin: string;
let category: string;
const run = Date.now().toString(36);

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  category = await createCategory(t, admin, `Details ${run}`);
});
afterAll(() => t.close());

const update = (course: CourseDetail, body: Record<string, unknown>) =>
  t.call('PATCH', p.one(course._id), {
    token: admin,
    body: {
      name: course.name,
      courseCategoryId: category,
      permission: 'none',
      version: course.version,
      ...body,
    },
  });

describe('a course description', () => {
  it('keeps harmless formatting and safe links, and drops scripts, handlers and unsafe links', async () => {
    const course = await createCourse(t, admin, {
      name: `Formatted ${run}`,
      courseCategoryId: category,
      description:
        '<p>Read <b>this</b> <em>first</em><script>alert(1)</script></p>' +
        '<ul><li onclick="alert(2)">one</li></ul>' +
        '<a href="https://example.com/guide" onmouseover="x()">guide</a>' +
        '<a href="javascript:alert(3)">bad</a><img src=x onerror="alert(4)"><iframe src="https://evil"></iframe>',
    });
    expect(course.description).toBe(
      '<p>Read <b>this</b> <em>first</em></p><ul><li>one</li></ul>' +
        '<a href="https://example.com/guide" rel="noopener noreferrer" target="_blank">guide</a><a>bad</a>',
    );
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course._id));
    expect(row?.description).toBe(course.description);
  });

  it('is kept by an update that does not send it, and changed by one that does', async () => {
    const course = await createCourse(t, admin, {
      name: `Kept ${run}`,
      courseCategoryId: category,
      description: '<p>Stays</p>',
      durationMinutes: 45,
    });
    const renamed = await update(course, { name: `Kept renamed ${run}` });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.results).toMatchObject({
      name: `Kept renamed ${run}`,
      description: '<p>Stays</p>',
      durationMinutes: 45,
    });
    const changed = await update(renamed.body.results as CourseDetail, {
      description: '<p>New</p>',
      durationMinutes: null,
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.results).toMatchObject({ description: '<p>New</p>', durationMinutes: null });
  });
});

describe('an estimated duration', () => {
  it('takes whole minutes from 1 to 10000 and refuses anything else', async () => {
    const before = await t.db.$count(courses);
    for (const durationMinutes of [0, -5, 1.5, 10001, '30']) {
      const response = await t.call('POST', p.list, {
        token: admin,
        body: { name: `Duration ${run}`, courseCategoryId: category, permission: 'none', durationMinutes },
      });
      expect(response.status, response.text).toBe(422);
      expect(response.body.message).toBe(messages.validationFailed);
      expect(response.body.errors).toEqual({ durationMinutes: m.durationInvalid });
    }
    expect(await t.db.$count(courses)).toBe(before);
  });

  it('is shown with the description on the catalogue and in the player', async () => {
    const course = await createCourse(t, admin, {
      name: `Shown ${run}`,
      courseCategoryId: category,
      description: '<p>About <b>it</b></p>',
      durationMinutes: 90,
    });
    const list = await t.call('GET', `${learningPaths.catalogue}?search=${encodeURIComponent(course.name)}`, {
      token: admin,
    });
    expect(list.status, list.text).toBe(200);
    const card = (list.body.results as CatalogueResult).data.find((row) => row._id === course._id);
    expect(card).toMatchObject({ description: '<p>About <b>it</b></p>', durationMinutes: 90 });
    const player = await t.call('GET', learningPaths.course(course._id), { token: admin });
    expect(player.status, player.text).toBe(200);
    expect(player.body.results as PlayerCourse).toMatchObject({
      description: '<p>About <b>it</b></p>',
      durationMinutes: 90,
    });
  });
});
