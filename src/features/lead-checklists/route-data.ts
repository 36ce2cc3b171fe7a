import type { QueryClient } from '@tanstack/react-query';
import {
  memberChecklistOptions,
  memberChecklistsOptions,
  memberOptions,
  teamChecklistOptions,
} from './queries';

/*
 * Not awaited: the screens open at once from what the device saved (offline too) and fill in
 * when the answer comes; a screen never opened on this device says it was not saved.
 */

export function loadMemberChecklists(queryClient: QueryClient, memberId: string, teamId: string) {
  void queryClient.prefetchQuery(memberOptions(memberId, teamId));
  void queryClient.prefetchQuery(memberChecklistsOptions(teamId, memberId));
}

export function loadMemberChecklist(
  queryClient: QueryClient,
  memberId: string,
  teamId: string,
  checklistId: string,
) {
  void queryClient.prefetchQuery(memberOptions(memberId, teamId));
  void queryClient.prefetchQuery(memberChecklistOptions(teamId, memberId, checklistId));
}

export function loadBulkSignOff(queryClient: QueryClient, checklistId: string, teamId: string) {
  void queryClient.prefetchQuery(teamChecklistOptions(teamId, checklistId));
}
