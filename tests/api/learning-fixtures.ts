import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { learningPaths as lp } from '../../contract/learning/resource.ts';
import { nothingToTake } from '../../server/db/learner-progress.ts';
import {
  courseAssignmentAssignees,
  courseAssignmentCourses,
  courseAssignments,
} from '../../server/db/schema/course-assignments.ts';
import {
  courseCompletions,
  courseOutlineItems,
  coursePermissionSubjects,
  courses,
} from '../../server/db/schema/courses.ts';
import {
  type ActivityType,
  lessonActivities,
  lessons,
  type VideoType,
} from '../../server/db/schema/lessons.ts';
import { type QuestionOption, quizQuestions, quizzes } from '../../server/db/schema/quizzes.ts';
import type { TestContext } from './helpers.ts';
import { uniqueEmail } from './route-samples.ts';

/** Records written straight into their tables: these tests are about the learner's routes. */

export async function newLearner(t: TestContext, fields: { membershipLevelId?: string } = {}) {
  const email = uniqueEmail();
  const user = await t.createUser({ email, password: 'learner-pass-1', ...fields });
  return { id: user.id, token: await t.login(email, 'learner-pass-1') };
}

type CourseFields = Partial<typeof courses.$inferInsert> & {
  subjects?: { userId?: string; userGroupId?: string; membershipLevelId?: string }[];
};

export async function newCourse(t: TestContext, { subjects = [], ...fields }: CourseFields = {}) {
  const [course] = await t.db
    .insert(courses)
    .values({ name: `Course ${randomUUID().slice(0, 8)}`, ...fields })
    .returning({ id: courses.id });
  if (!course) throw new Error('Inserting a course returned nothing');
  for (const subject of subjects)
    await t.db.insert(coursePermissionSubjects).values({ courseId: course.id, ...subject });
  return course.id;
}

type ActivitySpec = {
  type: ActivityType;
  required?: boolean;
  videoType?: VideoType;
  url?: string;
  /** Seconds of an uploaded video or audio, as read when it was stored. */
  mediaDuration?: number | null;
};

export async function newLesson(t: TestContext, activities: ActivitySpec[]) {
  const [lesson] = await t.db
    .insert(lessons)
    .values({ name: `Lesson ${randomUUID().slice(0, 8)}` })
    .returning({ id: lessons.id });
  if (!lesson) throw new Error('Inserting a lesson returned nothing');
  const ids: string[] = [];
  for (const [index, spec] of activities.entries()) {
    const [row] = await t.db
      .insert(lessonActivities)
      .values({
        lessonId: lesson.id,
        position: index + 1,
        title: `${spec.type} ${index + 1}`,
        activityType: spec.type,
        videoType: spec.videoType ?? null,
        url: spec.url ?? null,
        required: spec.required ?? false,
        mediaDuration: spec.mediaDuration ?? null,
      })
      .returning({ id: lessonActivities.id });
    ids.push(row?.id as string);
  }
  return { lessonId: lesson.id, activityIds: ids };
}

export type QuestionSpec =
  | { kind: 'singleChoice' | 'multipleChoice'; options: QuestionOption[]; points?: number; feedback?: string }
  | { kind: 'trueFalse'; answer: boolean; points?: number; feedback?: string }
  | { kind: 'shortAnswer'; accepted: string[]; points?: number; feedback?: string };

export async function newQuiz(
  t: TestContext,
  settings: Partial<typeof quizzes.$inferInsert>,
  questions: QuestionSpec[],
) {
  const [quiz] = await t.db
    .insert(quizzes)
    .values({ name: `Quiz ${randomUUID().slice(0, 8)}`, ...settings })
    .returning({ id: quizzes.id });
  if (!quiz) throw new Error('Inserting a quiz returned nothing');
  const ids: string[] = [];
  for (const [index, spec] of questions.entries()) {
    const options =
      spec.kind === 'trueFalse'
        ? [
            { text: 'True', correct: spec.answer },
            { text: 'False', correct: !spec.answer },
          ]
        : spec.kind === 'shortAnswer'
          ? []
          : spec.options;
    const [row] = await t.db
      .insert(quizQuestions)
      .values({
        quizId: quiz.id,
        position: index + 1,
        kind: spec.kind,
        text: `Question ${index + 1}`,
        points: spec.points ?? 1,
        feedback: spec.feedback ?? null,
        options,
        acceptedAnswers: spec.kind === 'shortAnswer' ? spec.accepted : [],
      })
      .returning({ id: quizQuestions.id });
    ids.push(row?.id as string);
  }
  return { quizId: quiz.id, questionIds: ids };
}

export async function setOutline(
  t: TestContext,
  courseId: string,
  items: ({ lessonId: string } | { quizId: string } | { checklistId: string })[],
) {
  for (const [index, item] of items.entries()) {
    await t.db.insert(courseOutlineItems).values({ courseId, position: index + 1, ...item });
  }
}

type AssignFields = Partial<typeof courseAssignments.$inferInsert>;

/** An assignment of the courses to the user by name; answers its id. */
export async function assign(t: TestContext, userId: string, courseIds: string[], fields: AssignFields = {}) {
  const [row] = await t.db
    .insert(courseAssignments)
    .values({ title: `Training ${randomUUID().slice(0, 8)}`, assigneeKind: 'users', ...fields })
    .returning({ id: courseAssignments.id });
  if (!row) throw new Error('Inserting an assignment returned nothing');
  for (const courseId of courseIds)
    await t.db.insert(courseAssignmentCourses).values({ assignmentId: row.id, courseId });
  await t.db.insert(courseAssignmentAssignees).values({ assignmentId: row.id, userId });
  return row.id;
}

/** The learner's calls, as the client makes them. */
export function learnerCalls(t: TestContext, token: string) {
  return {
    catalogue: (query = '') => t.call('GET', `${lp.catalogue}${query}`, { token }),
    course: (courseId: string) => t.call('GET', lp.course(courseId), { token }),
    complete: (courseId: string, activityId: string, body: Record<string, unknown> = {}) =>
      t.call('POST', lp.activityComplete(courseId, activityId), {
        token,
        body: { completionId: randomUUID(), ...body },
      }),
    restart: (courseId: string) => t.call('POST', lp.restart(courseId), { token, body: {} }),
    quiz: (quizId: string, courseId: string) =>
      t.call('GET', `${lp.quiz(quizId)}?course=${courseId}`, { token }),
    start: (quizId: string, courseId: string, attemptId: string = randomUUID()) =>
      t.call('POST', lp.quizAttempt(quizId), { token, body: { attemptId, courseId } }),
    submit: (quizId: string, attemptId: string, answers: unknown[]) =>
      t.call('POST', lp.quizSubmit(quizId, attemptId), { token, body: { answers } }),
  };
}

/** The learner's completions of the course, as stored. */
export const completionsOf = (t: TestContext, userId: string, courseId: string) =>
  t.db
    .select()
    .from(courseCompletions)
    .where(and(eq(courseCompletions.userId, userId), eq(courseCompletions.courseId, courseId)));

/** A link a course is taken at: a course with nothing in its outline but this can be assigned (record 020). */
export const TAKEN_AT_LINK = {
  externalLink: 'https://learn.example.org/course',
  externalTitle: 'The course on Learn',
} as const;

/**
 * Gives a link to each course that gives a learner nothing to take. A test database is seeded
 * without a file store, so the demo's lesson of files is missing from outlines such as First Aid
 * Basics'; tests that assign those courses give them a link to be taken at instead.
 */
export async function takeHollowCoursesAtLink(t: TestContext) {
  await t.db
    .update(courses)
    .set(TAKEN_AT_LINK)
    .where(sql`${nothingToTake(sql`"courses"`)}`);
}
