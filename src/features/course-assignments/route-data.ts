import type { QueryClient } from '@tanstack/react-query';
import { assignmentDetailOptions, assignmentLearnersOptions } from './queries';

/** The record is read again on opening, so the form starts from its current version. */
export async function loadEditAssignment(queryClient: QueryClient, assignmentId: string) {
  await Promise.all([
    queryClient.fetchQuery({ ...assignmentDetailOptions(assignmentId), staleTime: 0 }),
    queryClient.prefetchQuery({ ...assignmentLearnersOptions(assignmentId), staleTime: 0 }),
  ]);
}
