import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { isApiError } from '@/lib/api-error';
import { eventDetailOptions } from './queries';

/** The event is read again on opening, so the form starts from its current version; a deleted one is not found. */
export async function loadEditEvent(queryClient: QueryClient, eventId: string) {
  try {
    await queryClient.fetchQuery({ ...eventDetailOptions(eventId), staleTime: 0 });
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
}
