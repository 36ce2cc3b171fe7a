import type { MemberListFilters } from '@contract/team-dashboard';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useQueryDisplay } from '@/ui/query-status';
import { DEFAULT_MEMBER_FILTERS, memberListQueryOptions } from '../member-queries';
import { filterSavedMembers, uniqueCards } from './saved-members';

/** The saved members a search was done over on the device, offline. */
export type SavedSearch = { saved: number; total: number; updatedAt: number };

/**
 * The member cards for a search and filters: the server's answer, or the one saved for offline
 * use. Offline, a search or sort never asked before is done on the device over the saved pages of
 * the unfiltered list (`savedSearch` says so), and a role, department or location filter, which
 * the cards cannot answer, says it needs a connection (`needsConnection`).
 */
export function useMemberList(teamId: string, filters: MemberListFilters) {
  const list = useInfiniteQuery(memberListQueryOptions(teamId, filters));
  // Read only, never fetched from here: the dashboard's loader keeps it up to date while online.
  const unfiltered = useInfiniteQuery({
    ...memberListQueryOptions(teamId, DEFAULT_MEMBER_FILTERS),
    enabled: false,
  });
  const display = useQueryDisplay(list);
  const onDevice = display === 'not-saved' && unfiltered.data !== undefined;

  const served = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const savedCards = useMemo(
    () => uniqueCards(unfiltered.data?.pages.flatMap((page) => page.data) ?? []),
    [unfiltered.data],
  );
  const found = useMemo(
    () => (onDevice ? filterSavedMembers(savedCards, filters) : null),
    [onDevice, savedCards, filters],
  );

  if (found) {
    const pages = unfiltered.data?.pages ?? [];
    return {
      list,
      members: found,
      hasData: true,
      // Pages never saved load once back online.
      hasNextPage: unfiltered.hasNextPage,
      isFetchingNextPage: false,
      fetchNextPage: () => undefined,
      savedSearch: {
        saved: savedCards.length,
        total: pages.at(-1)?.total ?? savedCards.length,
        updatedAt: unfiltered.dataUpdatedAt,
      } satisfies SavedSearch,
      needsConnection: false,
    };
  }
  return {
    list,
    members: served,
    hasData: list.data !== undefined,
    hasNextPage: list.hasNextPage,
    isFetchingNextPage: list.isFetchingNextPage,
    fetchNextPage: list.fetchNextPage,
    savedSearch: null,
    needsConnection: onDevice,
  };
}
