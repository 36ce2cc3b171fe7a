import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AssignmentCourseOption,
  courseAssignmentPaths,
} from '../../contract/course-assignments/resource.ts';
import { courseMessages as m, type OutlineItem, coursePaths as p } from '../../contract/courses/resource.ts';
import { courseOutlineItems } from '../../server/db/schema/courses.ts';
import { elearningPackages } from '../../server/db/schema/elearning.ts';
import { createCategory, createCourse, createLesson } from './course-fixtures.ts';
import { newPackage } from './elearning-tracking-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

// An e-learning package is a part of a course's outline beside lessons, quizzes and checklists.

let t: TestContext;
let admin: string;
let category: string;
const run = Date.now().toString(36);
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  category = await createCategory(t, admin, `Outline packages ${run}`);
});
afterAll(() => t.close());

const ids = (items: OutlineItem[]) => items.map((item) => item.id);

describe('e-learning packages in a course outline', () => {
  it('adds, lists, orders and removes a package, marking an unpublished one', async () => {
    const course = await createCourse(t, admin, { name: `With package ${run}`, courseCategoryId: category });
    const lesson = await createLesson(t, `Lesson ${run}`);
    const pkg = await newPackage(t, { title: `Fire safety ${run}` });
    const draft = await newPackage(t, { title: `Draft package ${run}`, status: false });

    const added = await t.call('POST', p.outline(course._id), {
      token: admin,
      body: { lessonIds: [lesson], elearningPackageIds: [pkg, draft, pkg] },
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.message).toBe(m.outlineAdded);
    expect(added.body.results).toEqual([
      { kind: 'lesson', id: lesson, name: `Lesson ${run}`, status: true },
      { kind: 'elearning', id: pkg, name: `Fire safety ${run}`, status: true },
      { kind: 'elearning', id: draft, name: `Draft package ${run}`, status: false },
    ]);
    const stored = await t.db
      .select({ packageId: courseOutlineItems.elearningPackageId })
      .from(courseOutlineItems)
      .where(eq(courseOutlineItems.courseId, course._id));
    expect(stored.filter((row) => row.packageId === pkg)).toHaveLength(1);

    // A package alone is enough; one that does not exist or a bad id changes nothing.
    const alone = await t.call('POST', p.outline(course._id), {
      token: admin,
      body: { elearningPackageIds: [pkg] },
    });
    expect(alone.status, alone.text).toBe(200);
    expect(ids(alone.body.results)).toEqual([lesson, pkg, draft]);
    const unknown = await t.call('POST', p.outline(course._id), {
      token: admin,
      body: { lessonIds: [lesson], elearningPackageIds: [MISSING] },
    });
    expect(unknown.status, unknown.text).toBe(422);
    expect(unknown.body.errors).toEqual({ elearningPackageIds: m.packagesNotFound });
    expect(m.packagesNotFound).toBe('Some of the selected e-learning packages do not exist.');
    const invalid = await t.call('POST', p.outline(course._id), {
      token: admin,
      body: { elearningPackageIds: ['not-an-id'] },
    });
    expect(invalid.status, invalid.text).toBe(422);
    expect(invalid.body.errors).toEqual({ 'elearningPackageIds.0': m.itemIdsInvalid });
    const none = await t.call('POST', p.outline(course._id), {
      token: admin,
      body: { elearningPackageIds: [] },
    });
    expect(none.status, none.text).toBe(422);
    expect(none.body.errors).toEqual({
      lessonIds: 'Select at least one lesson, quiz, checklist, e-learning package or event.',
    });
    expect(
      await t.db.select().from(courseOutlineItems).where(eq(courseOutlineItems.courseId, course._id)),
    ).toHaveLength(3);

    // The order names the packages too.
    const partial = await t.call('POST', p.outlineOrder(course._id), {
      token: admin,
      body: { itemIds: [lesson, pkg] },
    });
    expect(partial.status, partial.text).toBe(422);
    expect(partial.body.errors).toEqual({ itemIds: m.orderMismatch });
    const ordered = await t.call('POST', p.outlineOrder(course._id), {
      token: admin,
      body: { itemIds: [draft, pkg, lesson] },
    });
    expect(ordered.status, ordered.text).toBe(200);
    const read = await t.call('GET', p.outline(course._id), { token: admin });
    expect(ids(read.body.results)).toEqual([draft, pkg, lesson]);
    expect((await t.call('GET', p.one(course._id), { token: admin })).body.results.outlineCount).toBe(3);

    const removed = await t.call('DELETE', p.outlineItem(course._id, draft), { token: admin });
    expect(removed.status, removed.text).toBe(200);
    expect(ids(removed.body.results)).toEqual([pkg, lesson]);
    const gone = await t.call('DELETE', p.outlineItem(course._id, draft), { token: admin });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(
      'This lesson, quiz, checklist, e-learning package or event is not in the course outline.',
    );
  });

  it('copies the packages of an outline when a course is duplicated', async () => {
    const source = await createCourse(t, admin, { name: `Copied ${run}`, courseCategoryId: category });
    const pkg = await newPackage(t, { title: `Copied package ${run}` });
    await t.call('POST', p.outline(source._id), { token: admin, body: { elearningPackageIds: [pkg] } });
    const copy = await t.call('POST', p.duplicate(source._id), { token: admin });
    expect(copy.status, copy.text).toBe(201);
    const outline = await t.call('GET', p.outline(copy.body.results._id), { token: admin });
    expect(outline.body.results).toEqual([
      { kind: 'elearning', id: pkg, name: `Copied package ${run}`, status: true },
    ]);
  });

  it('gives learners something to take: a published package, not an unpublished one', async () => {
    const course = await createCourse(t, admin, { name: `Package only ${run}`, courseCategoryId: category });
    const pkg = await newPackage(t);
    await t.call('POST', p.outline(course._id), { token: admin, body: { elearningPackageIds: [pkg] } });
    const option = async () => {
      const response = await t.call(
        'GET',
        `${courseAssignmentPaths.courseOptions}?search=${encodeURIComponent(course.name)}`,
        { token: admin },
      );
      expect(response.status, response.text).toBe(200);
      return (response.body.results.data as AssignmentCourseOption[]).find((row) => row._id === course._id);
    };
    expect(await option()).toMatchObject({ nothingToTake: false });
    await t.db.update(elearningPackages).set({ status: false }).where(eq(elearningPackages.id, pkg));
    expect(await option()).toMatchObject({ nothingToTake: true });
  });
});
