import { checklistRecordPaths, type LearnerChecklist } from '@contract/checklists/records';
import { elearningLearnerPaths, type PlayerPackage } from '@contract/elearning/tracking';
import { type LearnerQuiz, learningPaths, type PlayerCourse } from '@contract/learning/resource';
import { onlineManager, type QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { keptJson } from '@/lib/kept-courses';
import { learningKeys } from '@/lib/learning-keys';

/** Offline, a read that fails is expected: the screen shows the saved or kept copy without a toast. */
const offline = () => !onlineManager.isOnline();

/** Names of a kept course's JSON answers (src/lib/kept-courses.ts). */
export const keptNames = {
  course: 'course',
  quiz: (quizId: string) => `quiz-${quizId}`,
  checklist: (checklistId: string) => `checklist-${checklistId}`,
  elearning: (packageId: string) => `elearning-${packageId}`,
};

/**
 * Reads from the network; offline, with nothing in the saved query cache (a kept course outlives
 * the cache's week, or was kept moments before the page closed), from the copy kept on the device.
 */
async function orKept<T>(
  read: () => Promise<T>,
  context: { client: QueryClient; queryKey: QueryKey },
  courseId: string,
  name: string,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (
      !isApiError(error) ||
      !error.isNetworkError ||
      context.client.getQueryData(context.queryKey) !== undefined
    )
      throw error;
    const kept = await keptJson<T>(courseId, name);
    if (kept === null) throw error;
    return kept;
  }
}

/**
 * A read of the player that a kept course holds a copy of (`name`): from the network; offline, once
 * tried, from the saved query cache or the kept copy. Saved a week.
 */
function keptRead<T, K extends QueryKey>(
  queryKey: K,
  read: { path: string; query?: Record<string, string> },
  courseId: string,
  name: string,
) {
  return queryOptions({
    queryKey,
    queryFn: (context) =>
      orKept(
        async () =>
          (await api.get<T>(read.path, { query: read.query, signal: context.signal, quiet: offline() }))
            .results,
        context,
        courseId,
        name,
      ),
    gcTime: OFFLINE_MAX_AGE_MS,
    // Offline too the read is tried once, so a kept course answers from the device.
    networkMode: 'offlineFirst',
  });
}

/** A course in the player: its outline with what the learner has done. Kept for offline use. */
export const playerCourseOptions = (courseId: string) =>
  keptRead<PlayerCourse, ReturnType<typeof learningKeys.course>>(
    learningKeys.course(courseId),
    { path: learningPaths.course(courseId) },
    courseId,
    keptNames.course,
  );

/** A quiz as a learner may know it (questions without answers), kept so it can be taken offline. */
export const learnerQuizOptions = (quizId: string, courseId: string) =>
  keptRead<LearnerQuiz, ReturnType<typeof learningKeys.quiz>>(
    learningKeys.quiz(quizId, courseId),
    { path: learningPaths.quiz(quizId), query: { course: courseId } },
    courseId,
    keptNames.quiz(quizId),
  );

/**
 * A checklist of the course as the learner sees it in the player: its items stand done by records of
 * the course's current round. Saved a week, so a checklist seen once opens offline, and kept with a
 * course kept on the device.
 */
export const playerChecklistOptions = (checklistId: string, courseId: string) =>
  keptRead<LearnerChecklist, ReturnType<typeof learningKeys.myChecklist>>(
    learningKeys.myChecklist(checklistId, courseId),
    { path: checklistRecordPaths.myChecklist(checklistId), query: { course: courseId } },
    courseId,
    keptNames.checklist(checklistId),
  );

/**
 * An e-learning package of the course, ready to launch, with the learner's records of its SCOs to
 * resume from. Saved a week, and kept with a course kept on the device.
 */
export const playerPackageOptions = (packageId: string, courseId: string) =>
  keptRead<PlayerPackage, ReturnType<typeof learningKeys.elearning>>(
    learningKeys.elearning(packageId, courseId),
    { path: elearningLearnerPaths.launch(packageId), query: { course: courseId } },
    courseId,
    keptNames.elearning(packageId),
  );
