import { randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import type { AttemptResult, QuizAnswer } from '../../../contract/learning/resource.ts';
import { learnerCourseStates } from '../../db/assignments.ts';
import type { Transaction } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { courseCompletions, courseOutlineItems, courseProgress } from '../../db/schema/courses.ts';
import { activityCompletions, handIns, quizAttempts } from '../../db/schema/learning.ts';
import { lessonActivities } from '../../db/schema/lessons.ts';
import { quizQuestions, quizzes } from '../../db/schema/quizzes.ts';
import type { SeedFile } from '../../db/seed-parts.ts';
import { grade, type QuestionRecord, reviewOf } from './grading.ts';
import { attemptsLeft, type QuizRecord } from './quiz-records.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

type Item = { lessonId: string | null; quizId: string | null };
type Activity = typeof lessonActivities.$inferSelect;

/** The answers a learner who knows (or does not know) the quiz gives. */
function answersOf(questions: QuestionRecord[], right: boolean): QuizAnswer[] {
  return questions.map((question): QuizAnswer => {
    const correct = question.options.flatMap((option, index) => (option.correct ? [index] : []));
    const wrong = question.options.flatMap((option, index) => (option.correct ? [] : [index]));
    if (question.kind === 'trueFalse') {
      const truth = question.options.find((option) => option.text === 'True')?.correct ?? false;
      return { questionId: question.id, value: right ? truth : !truth };
    }
    if (question.kind === 'shortAnswer')
      return { questionId: question.id, text: right ? (question.acceptedAnswers[0] ?? '') : 'I do not know' };
    return { questionId: question.id, choices: right ? correct : wrong.slice(0, 1) };
  });
}

/**
 * The members' learning history, written to the records the course player writes: for each course
 * a member completed (the training seed's completions), its lessons' activities finished, a file
 * handed in where a lesson asks for one, and its quizzes passed, some after a failed attempt, all
 * before the completion; for some assigned courses not completed, the first lesson finished and a
 * failed attempt, so they show in progress. Run after the courses' outlines are seeded.
 */
export async function seedLearnerHistory(
  tx: Transaction,
  options: { random: () => number; now: Date; handIn?: SeedFile },
) {
  const { random, now, handIn } = options;
  const items = await tx
    .select({
      courseId: courseOutlineItems.courseId,
      lessonId: courseOutlineItems.lessonId,
      quizId: courseOutlineItems.quizId,
    })
    .from(courseOutlineItems)
    .orderBy(asc(courseOutlineItems.courseId), asc(courseOutlineItems.position));
  const outlines = new Map<string, Item[]>();
  for (const item of items) outlines.set(item.courseId, [...(outlines.get(item.courseId) ?? []), item]);
  const activities = new Map<string, Activity[]>();
  for (const activity of await tx.select().from(lessonActivities).orderBy(asc(lessonActivities.position)))
    activities.set(activity.lessonId, [...(activities.get(activity.lessonId) ?? []), activity]);
  const questions = new Map<string, QuestionRecord[]>();
  for (const question of await tx.select().from(quizQuestions).orderBy(asc(quizQuestions.position)))
    questions.set(question.quizId, [...(questions.get(question.quizId) ?? []), question]);
  const quizById = new Map(
    (await tx.select().from(quizzes)).map((quiz): [string, QuizRecord] => [quiz.id, quiz]),
  );

  const done: (typeof activityCompletions.$inferInsert)[] = [];
  const files: (typeof handIns.$inferInsert)[] = [];
  const attempts: (typeof quizAttempts.$inferInsert)[] = [];
  const progress = new Map<string, typeof courseProgress.$inferInsert>();

  const finishLesson = (userId: string, lessonId: string, at: Date) => {
    for (const activity of activities.get(lessonId) ?? []) {
      if (activity.activityType === 'fileUpload' && !handIn) continue;
      const id = randomUUID();
      const completedAt = new Date(at.getTime() - random() * 2 * HOUR_MS);
      const media =
        activity.activityType === 'audioPlayer' ||
        (activity.activityType === 'videoPlayer' && activity.videoType === 'mp4');
      done.push({ id, userId, activityId: activity.id, lessonId, completedAt, watched: media ? 1 : null });
      if (activity.activityType === 'fileUpload' && handIn)
        files.push({
          id,
          userId,
          activityId: activity.id,
          fileKey: handIn.key,
          fileName: handIn.name,
          fileType: handIn.type,
          fileSize: handIn.size,
          handedInAt: completedAt,
        });
    }
  };

  const attempt = (
    userId: string,
    courseId: string,
    quizId: string,
    at: Date,
    number: number,
    right: boolean,
  ) => {
    const quiz = quizById.get(quizId);
    const shown = questions.get(quizId) ?? [];
    if (!quiz || shown.length === 0) return false;
    const id = randomUUID();
    const grading = grade(shown, answersOf(shown, right));
    const passed = grading.score >= quiz.passMark;
    const result: AttemptResult = {
      attemptId: id,
      score: grading.score,
      points: grading.points,
      maxPoints: grading.maxPoints,
      passed,
      passMark: quiz.passMark,
      attemptsLeft: attemptsLeft(quiz, number),
      submittedAt: at.toISOString(),
      review: reviewOf(quiz.review, shown, grading.answers),
      courseCompleted: passed,
    };
    attempts.push({
      id,
      userId,
      quizId,
      courseId,
      number,
      startedAt: new Date(at.getTime() - 10 * 60 * 1000),
      questionOrder: shown.map((question) => question.id),
      submittedAt: at,
      answers: grading.answers,
      points: grading.points,
      maxPoints: grading.maxPoints,
      score: grading.score,
      passed,
      result,
    });
    return passed;
  };

  const touch = (userId: string, courseId: string, startedAt: Date, lastActivityAt: Date) => {
    const key = `${userId}:${courseId}`;
    const before = progress.get(key);
    progress.set(key, {
      userId,
      courseId,
      startedAt: before?.startedAt && before.startedAt < startedAt ? before.startedAt : startedAt,
      lastActivityAt,
    });
  };

  // Completed courses: every part done before the completion, a quiz sometimes failed first.
  const completed = await tx
    .select({
      userId: courseCompletions.userId,
      courseId: courseCompletions.courseId,
      completedAt: courseCompletions.completedAt,
    })
    .from(courseCompletions);
  for (const { userId, courseId, completedAt } of completed) {
    const outline = outlines.get(courseId) ?? [];
    outline.forEach((item, index) => {
      const at = new Date(
        completedAt.getTime() - (outline.length - 1 - index) * (HOUR_MS + random() * DAY_MS),
      );
      if (item.lessonId) finishLesson(userId, item.lessonId, at);
      if (item.quizId) {
        const failedFirst = random() < 0.35;
        if (failedFirst) attempt(userId, courseId, item.quizId, new Date(at.getTime() - DAY_MS), 1, false);
        attempt(userId, courseId, item.quizId, at, failedFirst ? 2 : 1, true);
      }
    });
    const started = new Date(completedAt.getTime() - outline.length * DAY_MS);
    touch(userId, courseId, started, completedAt);
  }

  // Assigned courses begun and not finished: the first lesson done, and sometimes a failed attempt.
  const open = await queryRows<{ user_id: string; course_id: string; assigned_at: Date | string }>(
    tx,
    sql`select distinct on (s.user_id, s.course_id) s.user_id, s.course_id, s.assigned_at
          from (${learnerCourseStates({ userIn: sql`select id from users`, kind: 'assigned' }, now)}) s
         where s.completed_at is null
         order by s.user_id, s.course_id, s.assigned_at`,
  );
  for (const row of open) {
    const outline = outlines.get(row.course_id) ?? [];
    // The first part only, and only of an outline that has more: the course stays in progress.
    const [first, ...rest] = outline;
    if (!first?.lessonId || rest.length === 0 || random() >= 0.4) continue;
    const assignedAt = new Date(row.assigned_at).getTime();
    const at = new Date(assignedAt + random() * Math.max(now.getTime() - assignedAt - HOUR_MS, HOUR_MS));
    finishLesson(row.user_id, first.lessonId, at);
    const quiz = rest.find((item) => item.quizId)?.quizId;
    if (quiz && random() < 0.5)
      attempt(row.user_id, row.course_id, quiz, new Date(at.getTime() + HOUR_MS), 1, false);
    touch(row.user_id, row.course_id, at, new Date(at.getTime() + HOUR_MS));
  }

  const insert = async <T extends Record<string, unknown>>(
    rows: T[],
    write: (batch: T[]) => Promise<unknown>,
  ) => {
    for (let start = 0; start < rows.length; start += 1000) await write(rows.slice(start, start + 1000));
  };
  await insert(done, (batch) => tx.insert(activityCompletions).values(batch));
  await insert(files, (batch) => tx.insert(handIns).values(batch));
  await insert(attempts, (batch) => tx.insert(quizAttempts).values(batch));
  await insert([...progress.values()], (batch) =>
    tx
      .insert(courseProgress)
      .values(batch)
      .onConflictDoUpdate({
        target: [courseProgress.userId, courseProgress.courseId],
        set: { lastActivityAt: sql`excluded.last_activity_at` },
      }),
  );
}
