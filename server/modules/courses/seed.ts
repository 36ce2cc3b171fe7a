import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { courseCategories } from '../../db/schema/course-categories.ts';
import { courseOutlineItems, coursePermissionSubjects, courses } from '../../db/schema/courses.ts';
import { lessons } from '../../db/schema/lessons.ts';
import { membershipLevels } from '../../db/schema/lookups.ts';
import { quizzes } from '../../db/schema/quizzes.ts';
import { userGroups } from '../../db/schema/user-groups.ts';
import type { PlacedLesson } from '../../db/seed-parts.ts';

/** Each demo course's category, by title (the categories' seed makes them). */
export const demoCourseCategory: Record<string, string> = {
  'Workplace Safety Essentials': 'Safety',
  'First Aid Basics': 'First Aid',
  'Customer Service Fundamentals': 'Sales',
  'Product Knowledge 101': 'Sales',
  'Sales Conversations': 'Prospecting',
  'Advanced Negotiation': 'Negotiation',
  'Time Management': 'Leadership',
  'Leading Effective Meetings': 'Coaching',
  'Conflict Resolution': 'Giving Feedback',
  'Company Culture and Values': 'Leadership',
  'Data Privacy and GDPR': 'Data Protection',
  'Legacy CRM Training': 'Sales',
};

/** Courses open to chosen user groups or membership levels only; the rest are open to everyone. */
const restricted = { group: 'Advanced Negotiation', membership: 'Leading Effective Meetings' } as const;

/** Demo courses that give a certificate of completion (a link-only one among them, done in a tap). */
const CERTIFIED = ['Time Management', 'First Aid Basics', 'Workplace Safety Essentials'];

/** The first eight courses by name get outlines of this many items, lessons and quizzes in turn. */
const OUTLINED_COURSES = 8;
const ITEMS_PER_OUTLINE = 4;

/**
 * Files the demo courses (made by the training seed) under the demo categories, lets three give a
 * certificate, restricts two of them, and gives eight of them outlines of the enabled lessons and published quizzes the seed has
 * made so far: run it after the lessons' and quizzes' seeds. A placed lesson (the lessons' seed names its courses) stays
 * out of that rotation and ends the outlines of the courses it names instead.
 */
export async function seedCourses(tx: Transaction, placed: readonly PlacedLesson[] = []) {
  const categories = await tx
    .select({ id: courseCategories.id, name: courseCategories.name })
    .from(courseCategories);
  const categoryId = (name: string) => categories.find((row) => row.name === name)?.id ?? null;
  const courseRows = await tx
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .orderBy(asc(courses.name));
  for (const course of courseRows) {
    const category = demoCourseCategory[course.name];
    if (category)
      await tx
        .update(courses)
        .set({ categoryId: categoryId(category) })
        .where(eq(courses.id, course.id));
  }
  await tx.update(courses).set({ givesCertificate: true }).where(inArray(courses.name, CERTIFIED));
  // Any course the map does not name still gets a category, as the form requires one.
  const fallback = categoryId('Compliance');
  if (fallback)
    await tx.update(courses).set({ categoryId: fallback }).where(sql`${courses.categoryId} is null`);

  const [group] = await tx
    .select({ id: userGroups.id })
    .from(userGroups)
    .orderBy(asc(userGroups.name))
    .limit(1);
  const levels = await tx
    .select({ id: membershipLevels.id })
    .from(membershipLevels)
    .orderBy(asc(membershipLevels.name))
    .limit(2);
  const courseId = (name: string) => courseRows.find((row) => row.name === name)?.id;
  const groupCourse = courseId(restricted.group);
  if (group && groupCourse) {
    await tx.update(courses).set({ permission: 'group' }).where(eq(courses.id, groupCourse));
    await tx.insert(coursePermissionSubjects).values({ courseId: groupCourse, userGroupId: group.id });
  }
  const levelCourse = courseId(restricted.membership);
  if (levels.length > 0 && levelCourse) {
    await tx.update(courses).set({ permission: 'membership' }).where(eq(courses.id, levelCourse));
    await tx
      .insert(coursePermissionSubjects)
      .values(levels.map((level) => ({ courseId: levelCourse, membershipLevelId: level.id })));
  }

  const placedIds = new Set(placed.map((lesson) => lesson.lessonId));
  // Only what a learner takes (docs/decisions/016-what-a-learner-takes.md): the unpublished demo
  // quiz stays a draft no course holds.
  const lessonIds = (
    await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.status, true))
      .orderBy(asc(lessons.name))
  )
    .map((row) => row.id)
    .filter((id) => !placedIds.has(id));
  const quizIds = (
    await tx
      .select({ id: quizzes.id })
      .from(quizzes)
      .where(eq(quizzes.status, true))
      .orderBy(asc(quizzes.name))
  ).map((row) => row.id);
  const outlined = courseRows.slice(0, OUTLINED_COURSES);
  const items = outlined.flatMap((course, n) => {
    const chosen: { lessonId?: string; quizId?: string }[] = [];
    for (let k = 0; k < ITEMS_PER_OUTLINE; k += 1) {
      // Three lessons then a quiz, each course starting further along the lists.
      const pool = k === ITEMS_PER_OUTLINE - 1 ? quizIds : lessonIds;
      const id = pool[(n + k) % Math.max(pool.length, 1)];
      if (!id) continue;
      const item = pool === quizIds ? { quizId: id } : { lessonId: id };
      if (!chosen.some((c) => (c.lessonId ?? c.quizId) === id)) chosen.push(item);
    }
    return chosen.map((item, position) => ({ courseId: course.id, position, ...item }));
  });
  for (const lesson of placed)
    for (const name of lesson.courses) {
      const id = courseId(name);
      if (!id) throw new Error(`No demo course ${name} for the lesson ${lesson.lessonId}`);
      const position = items.filter((item) => item.courseId === id).length;
      items.push({ courseId: id, position, lessonId: lesson.lessonId });
    }
  if (items.length > 0) await tx.insert(courseOutlineItems).values(items);
}
