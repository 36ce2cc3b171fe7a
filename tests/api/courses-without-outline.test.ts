import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentCourseOption } from '../../contract/course-assignments/resource.ts';
import { courseAssignmentPaths } from '../../contract/course-assignments/resource.ts';
import type { CourseDetail } from '../../contract/courses/resource.ts';
import { coursePaths as p } from '../../contract/courses/resource.ts';
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
});
