import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { isApiError } from '@/lib/api-error';
import { activitiesOptions, lessonDetailOptions } from './queries';

/**
 * The lesson and its activities are read again on opening: the form starts from the current
 * version and the file links are fresh. A deleted or unknown lesson is not found.
 */
export async function loadEditLesson(queryClient: QueryClient, lessonId: string) {
  try {
    await Promise.all([
      queryClient.fetchQuery({ ...lessonDetailOptions(lessonId), staleTime: 0 }),
      queryClient.fetchQuery({ ...activitiesOptions(lessonId), staleTime: 0 }),
    ]);
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
}
