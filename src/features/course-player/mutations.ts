import {
  type AttemptResult,
  type CompletionResult,
  learningPaths,
  type PlayerCourse,
  type PlayerItem,
  type QuizAnswer,
  type QuizAttempt,
} from '@contract/learning/resource';
import type {
  ActivityCompleteInput,
  AttemptStartInput,
  AttemptSubmitInput,
} from '@contract/learning/schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { learningKeys } from '@/lib/learning-keys';
import { toast } from '@/lib/notify';

/** Marks an activity done in the saved course, for a completion the outbox keeps for later. */
export function showActivityDone(queryClient: QueryClient, courseId: string, activityId: string) {
  queryClient.setQueryData<PlayerCourse>(learningKeys.course(courseId), (course) => {
    if (!course) return course;
    const outline = course.outline.map((item): PlayerItem => {
      if (item.kind !== 'lesson' || !item.activities.some((activity) => activity._id === activityId))
        return item;
      const activities = item.activities.map((activity) =>
        activity._id === activityId ? { ...activity, done: true } : activity,
      );
      const gate = activities.some((activity) => activity.required)
        ? activities.filter((activity) => activity.required)
        : activities;
      return { ...item, activities, done: gate.every((activity) => activity.done) };
    });
    const done = outline.filter((item) => item.done).length;
    const total = outline.length;
    return {
      ...course,
      outline,
      progress: {
        ...course.progress,
        done,
        total,
        percent: total === 0 ? 0 : Math.round((100 * done) / total),
      },
    };
  });
}

/**
 * After a completion or hand-in: offline, the activity shows done at once; answered, the learner's
 * progress everywhere is read again, and a course the activity finished is said to be completed
 * (the card itself shows the activity done and the file handed in, without a toast over the page).
 */
async function afterCompletion(
  queryClient: QueryClient,
  courseId: string,
  activityId: string,
  result: WriteResult<CompletionResult>,
) {
  if (isQueued(result)) {
    showActivityDone(queryClient, courseId, activityId);
    return;
  }
  if (result.results.courseCompleted) toast.success('Course completed.');
  await queryClient.invalidateQueries({ queryKey: learningKeys.all });
}

type Complete = {
  activityId: string;
  title: string;
  completionId: string;
  watched?: number;
  /** When the learner opened a video or audio: the server times its completion from then. */
  openedAt?: string;
};

/**
 * Finishes an activity. The id of the completion is made here, so the outbox's replay of it, or a
 * second tap, counts once on the server.
 */
export function useCompleteActivity(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      activityId,
      title,
      completionId,
      watched,
      openedAt,
    }: Complete): Promise<WriteResult<CompletionResult>> => {
      // The open time goes in the body, so a completion the outbox sends later is timed from it.
      const body: ActivityCompleteInput = {
        completionId,
        ...(watched === undefined ? {} : { watched }),
        ...(openedAt === undefined ? {} : { openedAt }),
      };
      return api.post<CompletionResult>(learningPaths.activityComplete(courseId, activityId), body, {
        outbox: { action: 'Finish activity', target: title, invalidate: [learningKeys.all] },
      });
    },
    onSuccess: (result, { activityId }) => afterCompletion(queryClient, courseId, activityId, result),
  });
}

type HandIn = { activityId: string; title: string; completionId: string; file: File };

/** Hands in a file for a fileUpload activity; offline, the outbox keeps the file and sends it later. */
export function useHandIn(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      activityId,
      title,
      completionId,
      file,
    }: HandIn): Promise<WriteResult<CompletionResult>> => {
      const form = new FormData();
      form.append('completionId', completionId);
      form.append('file', file, file.name);
      return api.post<CompletionResult>(learningPaths.handIn(courseId, activityId), form, {
        outbox: { action: 'Hand in a file', target: title, invalidate: [learningKeys.all] },
      });
    },
    onSuccess: (result, { activityId }) => afterCompletion(queryClient, courseId, activityId, result),
  });
}

type StartAttempt = { quizId: string; title: string; attemptId: string; timed: boolean };

/**
 * Starts an attempt; its id is made here, so a replayed start answers the same attempt. A timed
 * quiz's start never waits in the outbox: its clock would run out before the learner saw a question.
 */
export function useStartAttempt(courseId: string) {
  return useMutation({
    mutationFn: ({ quizId, title, attemptId, timed }: StartAttempt): Promise<WriteResult<QuizAttempt>> => {
      const body: AttemptStartInput = { attemptId, courseId };
      const path = learningPaths.quizAttempt(quizId);
      if (timed) return api.post<QuizAttempt>(path, body);
      // The attempt is made offline under its own id: its answers wait in the outbox until the start
      // is answered, and are settled with it when the server had counted the work already.
      return api.post<QuizAttempt>(path, body, {
        outbox: {
          action: 'Start a quiz attempt',
          target: title,
          invalidate: [learningKeys.all],
          clientId: attemptId,
        },
      });
    },
  });
}

type SubmitAttempt = { quizId: string; title: string; attemptId: string; answers: QuizAnswer[] };

/** Hands in an attempt's answers for the server to grade; offline, they wait in the outbox. */
export function useSubmitAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      quizId,
      title,
      attemptId,
      answers,
    }: SubmitAttempt): Promise<WriteResult<AttemptResult>> => {
      const body: AttemptSubmitInput = { answers };
      return api.post<AttemptResult>(learningPaths.quizSubmit(quizId, attemptId), body, {
        outbox: { action: 'Submit quiz answers', target: title, invalidate: [learningKeys.all] },
      });
    },
    onSuccess: async (result) => {
      if (!isQueued(result)) await queryClient.invalidateQueries({ queryKey: learningKeys.all });
    },
    // A refusal (the time limit passed) still used an attempt: read the counts again.
    onError: () => queryClient.invalidateQueries({ queryKey: learningKeys.all }),
  });
}
