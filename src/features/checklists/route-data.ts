import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { isApiError } from '@/lib/api-error';
import { activityTypeOptions, checklistDetailOptions } from './queries';

/**
 * The checklist is read again on opening, so the form starts from its current version; a deleted
 * one is not found. The activity types the activity dialog offers are read beside it.
 */
export async function loadEditChecklist(queryClient: QueryClient, checklistId: string) {
  try {
    await Promise.all([
      queryClient.fetchQuery({ ...checklistDetailOptions(checklistId), staleTime: 0 }),
      queryClient.ensureQueryData(activityTypeOptions()),
    ]);
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
}
