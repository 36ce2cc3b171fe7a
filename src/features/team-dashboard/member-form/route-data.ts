import type { QueryClient } from '@tanstack/react-query';
import { membershipRoleLookupOptions } from '@/lib/lookups';
import { memberDetailOptions } from './queries';

export function loadAddMember(queryClient: QueryClient) {
  // Not awaited: the form can open without the role list (offline), the select fills in when it comes.
  void queryClient.prefetchQuery(membershipRoleLookupOptions());
}

/**
 * The record the edit form starts from. Online it is read again when older than the stale time, since
 * one restored from the offline cache may be days old; offline (or if that read fails) the cached one is used.
 */
export async function loadEditMember(queryClient: QueryClient, memberId: string, teamId: string) {
  loadAddMember(queryClient);
  const options = memberDetailOptions(memberId, teamId);
  if (navigator.onLine) {
    try {
      return await queryClient.fetchQuery(options);
    } catch (error) {
      if (queryClient.getQueryData(options.queryKey) === undefined) throw error;
    }
  }
  return queryClient.ensureQueryData(options);
}
