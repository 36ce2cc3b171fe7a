import { type LearnerQuiz, learningPaths, type PlayerCourse } from '@contract/learning/resource';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { learningKeys } from '@/lib/learning-keys';

/** A course in the player: its outline with what the learner has done. Kept for offline use. */
export const playerCourseOptions = (courseId: string) =>
  queryOptions({
    queryKey: learningKeys.course(courseId),
    queryFn: async ({ signal }) =>
      (await api.get<PlayerCourse>(learningPaths.course(courseId), { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** A quiz as a learner may know it (questions without answers), kept so it can be taken offline. */
export const learnerQuizOptions = (quizId: string, courseId: string) =>
  queryOptions({
    queryKey: learningKeys.quiz(quizId, courseId),
    queryFn: async ({ signal }) =>
      (await api.get<LearnerQuiz>(learningPaths.quiz(quizId), { query: { course: courseId }, signal }))
        .results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });
