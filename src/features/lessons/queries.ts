import type { Paged } from '@contract/envelope';
import type { LessonListQuery } from '@contract/lessons/list-query';
import {
  type LessonActivity,
  type LessonDetail,
  type LessonRow,
  lessonPaths,
} from '@contract/lessons/resource';
import type { LessonInput, LessonUpdateInput } from '@contract/lessons/schemas';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { uploadForm } from '@/lib/upload-form';
import { type ActivityFormValues, toActivityFormData } from './activity-values';

export type { LessonActivity };

/** Query keys of the Lessons screens; a lesson's activities are read apart from its fields. */
export const lessonKeys = {
  all: ['lessons'] as const,
  lists: () => [...lessonKeys.all, 'list'] as const,
  list: (query: LessonListQuery) => [...lessonKeys.lists(), query] as const,
  detail: (lessonId: string) => [...lessonKeys.all, 'detail', lessonId] as const,
  activities: (lessonId: string) => [...lessonKeys.all, 'activities', lessonId] as const,
};

export const lessonListOptions = (query: LessonListQuery) =>
  queryOptions({
    queryKey: lessonKeys.list(query),
    queryFn: async ({ signal }) =>
      (await api.get<Paged<LessonRow>>(lessonPaths.list, { query, signal })).results,
    placeholderData: keepPreviousData,
  });

export const lessonDetailOptions = (lessonId: string) =>
  queryOptions({
    queryKey: lessonKeys.detail(lessonId),
    queryFn: async ({ signal }) =>
      (await api.get<LessonDetail>(lessonPaths.one(lessonId), { signal })).results,
  });

export const activitiesOptions = (lessonId: string) =>
  queryOptions({
    queryKey: lessonKeys.activities(lessonId),
    queryFn: async ({ signal }) =>
      (await api.get<LessonActivity[]>(lessonPaths.activities(lessonId), { signal })).results,
  });

const outbox = (action: string, target: string, lessonId?: string) => ({
  action,
  target,
  invalidate: lessonId
    ? [lessonKeys.lists(), lessonKeys.detail(lessonId), lessonKeys.activities(lessonId)]
    : [lessonKeys.lists()],
});

/** After an answered write: the server's message, then the lists and the lesson refetched. */
function useOnSaved(lessonId?: string) {
  const queryClient = useQueryClient();
  return async <T>(result: WriteResult<T>) => {
    if (isQueued(result)) return;
    toast.success(result.message);
    await queryClient.invalidateQueries({ queryKey: lessonKeys.lists() });
    if (lessonId) {
      await queryClient.invalidateQueries({ queryKey: lessonKeys.detail(lessonId) });
      await queryClient.invalidateQueries({ queryKey: lessonKeys.activities(lessonId) });
    }
  };
}

export function useCreateLesson() {
  const onSaved = useOnSaved();
  return useMutation({
    mutationFn: (input: LessonInput) =>
      api.post<LessonDetail>(lessonPaths.list, input, { outbox: outbox('Add lesson', input.name ?? '') }),
    onSuccess: onSaved,
  });
}

export function useUpdateLesson(lessonId: string) {
  const onSaved = useOnSaved(lessonId);
  return useMutation({
    mutationFn: (input: LessonUpdateInput) =>
      api.patch<LessonDetail>(lessonPaths.one(lessonId), input, {
        outbox: outbox('Edit lesson', input.name ?? '', lessonId),
      }),
    onSuccess: onSaved,
  });
}

export function useDuplicateLesson() {
  const onSaved = useOnSaved();
  return useMutation({
    mutationFn: (lesson: LessonRow) =>
      api.post<LessonDetail>(lessonPaths.duplicate(lesson._id), undefined, {
        outbox: outbox('Duplicate lesson', lesson.name),
      }),
    onSuccess: onSaved,
  });
}

/**
 * Adds or updates an activity as multipart, through XMLHttpRequest so that `progress` follows the
 * file's bytes as they go: null until the browser reports any (a request the service worker takes
 * reports none), then 0 to 100.
 */
export function useSaveActivity(lessonId: string) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ activity, values }: { activity?: LessonActivity; values: ActivityFormValues }) => {
      setProgress(null);
      return uploadForm<LessonActivity>({
        method: activity ? 'PATCH' : 'POST',
        path: activity ? lessonPaths.updateActivity(activity._id) : lessonPaths.activity,
        body: toActivityFormData(values, activity ? { version: activity.version } : { lessonId }),
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? Math.round((loaded / total) * 100) : null),
      });
    },
    onSuccess: async (result) => {
      if (!('queued' in result)) toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: lessonKeys.activities(lessonId) });
    },
  });
  return Object.assign(mutation, { progress });
}

export function useDeleteActivity(lessonId: string) {
  const onSaved = useOnSaved(lessonId);
  return useMutation({
    mutationFn: (activity: LessonActivity) =>
      api.delete<{ _id: string }>(lessonPaths.deleteActivity(activity._id), undefined, {
        outbox: outbox('Delete activity', activity.title, lessonId),
      }),
    onSuccess: onSaved,
  });
}

export function useRequireActivity(lessonId: string) {
  const onSaved = useOnSaved(lessonId);
  return useMutation({
    mutationFn: (activity: LessonActivity) =>
      api.post<LessonActivity>(lessonPaths.requireActivity(activity._id), undefined, {
        outbox: outbox('Require activity', activity.title, lessonId),
      }),
    onSuccess: onSaved,
  });
}

/** Shows the new order at once; the server's answer (or a failure) refetches the activities. */
export function useReorderActivities(lessonId: string) {
  const queryClient = useQueryClient();
  const onSaved = useOnSaved(lessonId);
  return useMutation({
    mutationFn: (activities: LessonActivity[]) =>
      api.post<LessonActivity[]>(
        lessonPaths.activityOrder,
        { lessonId, activityIds: activities.map((a) => a._id) },
        { outbox: outbox('Reorder activities', '', lessonId) },
      ),
    onMutate: (activities) => {
      queryClient.setQueryData(lessonKeys.activities(lessonId), activities);
    },
    onSuccess: onSaved,
    onError: () => queryClient.invalidateQueries({ queryKey: lessonKeys.activities(lessonId) }),
  });
}
