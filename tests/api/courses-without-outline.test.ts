import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentCourseOption } from '../../contract/course-assignments/resource.ts';
import {
  courseAssignmentMessages as am,
  courseAssignmentPaths,
} from '../../contract/course-assignments/resource.ts';
import type { CourseDetail } from '../../contract/courses/resource.ts';
import { coursePaths as p } from '../../contract/courses/resource.ts';
import { courseAssignments } from '../../server/db/schema/course-assignments.ts';
import { lessons } from '../../server/db/schema/lessons.ts';
import { createCategory, createCourse, createLesson } from './course-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

// A course with nothing in its outline says so where it is assigned.

let t: TestContext;
let admin: string;
let category: string;
const run = Date.now().toString(36);

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  category = await createCategory(t, admin, `Outline ${run}`);
});
afterAll(() => t.close());

const option = async (course: CourseDetail) => {
  const response = await t.call(
    'GET',
    `${courseAssignmentPaths.courseOptions}?search=${encodeURIComponent(course.name)}`,
    { token: admin },
  );
  expect(response.status, response.text).toBe(200);
  return (response.body.results.data as AssignmentCourseOption[]).find((row) => row._id === course._id);
};

describe('the assignment form course picker', () => {
  it('marks a course whose outline is empty as having nothing to take, until it gets a lesson', async () => {
    const course = await createCourse(t, admin, { name: `Empty ${run}`, courseCategoryId: category });
    expect(await option(course)).toEqual({ _id: course._id, name: course.name, nothingToTake: true });
    const lesson = await createLesson(t, `Filler ${run}`);
    const added = await t.call('POST', p.outline(course._id), {
      token: admin,
      body: { lessonIds: [lesson] },
    });
    expect(added.status, added.text).toBe(200);
    expect(await option(course)).toEqual({ _id: course._id, name: course.name, nothingToTake: false });
    // A disabled lesson is not taken by learners (decision 016): nothing to take again.
    await t.db.update(lessons).set({ status: false }).where(eq(lessons.id, lesson));
    expect(await option(course)).toEqual({ _id: course._id, name: course.name, nothingToTake: true });
  });

  it('offers a course with an external link and no outline as one to take: its learners mark it done', async () => {
    const course = await createCourse(t, admin, {
      name: `Linked ${run}`,
      courseCategoryId: category,
      externalLink: 'https://learn.example.org/linked',
      externalTitle: 'Linked course',
    });
    expect(await option(course)).toEqual({ _id: course._id, name: course.name, nothingToTake: false });
  });
});

describe('assigning a course with nothing to take', () => {
  const body = (courseIds: string[]) => ({
    title: `Hollow training ${courseIds.length} ${run}`,
    kind: 'assigned',
    courseIds,
    assigneeKind: 'users',
    assigneeIds: [],
  });

  it('is refused (422 on courseIds) when the course has neither an outline nor a link, and nothing is stored', async () => {
    const hollow = await createCourse(t, admin, { name: `Hollow ${run}`, courseCategoryId: category });
    const learner = await t.createUser({ email: `hollow.${run}@example.com`, password: 'learner-pass-1' });
    const created = await t.call('POST', courseAssignmentPaths.list, {
      token: admin,
      body: { ...body([hollow._id]), assigneeIds: [learner.id] },
    });
    expect(created.status, created.text).toBe(422);
    expect(created.body.errors.courseIds).toBe(am.courseNothingToTake);
    const stored = await t.db.select().from(courseAssignments);
    expect(stored.some((row) => row.title === body([hollow._id]).title)).toBe(false);
  });

  it('keeps an older assignment naming such a course editable, and refuses adding one to it', async () => {
    const learner = await t.createUser({ email: `kept.${run}@example.com`, password: 'learner-pass-1' });
    const linked = await createCourse(t, admin, {
      name: `Kept link ${run}`,
      courseCategoryId: category,
      externalLink: 'https://learn.example.org/kept',
      externalTitle: 'Kept course',
    });
    const created = await t.call('POST', courseAssignmentPaths.list, {
      token: admin,
      body: { ...body([linked._id]), title: `Kept training ${run}`, assigneeIds: [learner.id] },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.results._id as string;
    // The course loses its link after it was assigned: the assignment may still be edited as it is.
    const hollowed = await t.call('PATCH', `/course/${linked._id}`, {
      token: admin,
      body: {
        name: linked.name,
        courseCategoryId: category,
        permission: 'none',
        externalLink: '',
        externalTitle: '',
        version: 1,
      },
    });
    expect(hollowed.status, hollowed.text).toBe(200);
    const kept = await t.call('PATCH', courseAssignmentPaths.one(id), {
      token: admin,
      body: { ...body([linked._id]), title: `Kept training renamed ${run}`, assigneeIds: [learner.id] },
    });
    expect(kept.status, kept.text).toBe(200);

    const other = await createCourse(t, admin, { name: `Other hollow ${run}`, courseCategoryId: category });
    const added = await t.call('PATCH', courseAssignmentPaths.one(id), {
      token: admin,
      body: {
        ...body([linked._id, other._id]),
        title: `Kept training renamed ${run}`,
        assigneeIds: [learner.id],
      },
    });
    expect(added.status, added.text).toBe(422);
    expect(added.body.errors.courseIds).toBe(am.courseNothingToTake);
  });
});
