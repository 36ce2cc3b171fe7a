import type { QueryClient } from '@tanstack/react-query';
import { attendeeDetailOptions } from './queries';

/** The record is read again on opening, so the form starts from its current version. */
export async function loadEditAttendee(queryClient: QueryClient, attendeeId: string) {
  await queryClient.fetchQuery({ ...attendeeDetailOptions(attendeeId), staleTime: 0 });
}
