import type { QueryClient } from '@tanstack/react-query';
import { activitiesOptions, lessonDetailOptions } from './queries';

/** The lesson and its activities are read again on opening: the form starts from the current version, the file links are fresh. */
export async function loadEditLesson(queryClient: QueryClient, lessonId: string) {
  await Promise.all([
    queryClient.fetchQuery({ ...lessonDetailOptions(lessonId), staleTime: 0 }),
    queryClient.fetchQuery({ ...activitiesOptions(lessonId), staleTime: 0 }),
  ]);
}
