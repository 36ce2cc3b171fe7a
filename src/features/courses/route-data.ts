import type { QueryClient } from '@tanstack/react-query';
import { courseDetailOptions, coursePermissionOptions, outlineOptions } from './queries';

/** The record is read again on opening, so the form starts from its current version. */
export async function loadEditCourse(queryClient: QueryClient, courseId: string) {
  await Promise.all([
    queryClient.fetchQuery({ ...courseDetailOptions(courseId), staleTime: 0 }),
    queryClient.prefetchQuery(coursePermissionOptions(courseId)),
    queryClient.prefetchQuery(outlineOptions(courseId)),
  ]);
}
