import { SEARCH_DEBOUNCE_MS } from '@contract/constants';
import type { MemberListFilters } from '@contract/team-dashboard';
import { useDebouncedCallback } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { rememberMemberFilters } from '../search';
import { memberFilterParams, memberFilters } from './member-filter-params';
import type { MemberFilterValues } from './member-filters';

const route = getRouteApi('/user-portal/team-dashboard/');

/**
 * The member list's search and filters, kept in the address (memberSearch, role, department,
 * location, sort) so a reload, the back button and a way back from a member's form show the list
 * as it was. The search box answers at once; the address follows after the debounce.
 */
export function useMemberFilters(teamId: string) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { memberSearch, role, department, location, sort } = search;
  const filters = useMemo(
    () => memberFilters({ memberSearch, role, department, location, sort }),
    [memberSearch, role, department, location, sort],
  );
  const [searchInput, setSearchInput] = useState(filters.search);

  useEffect(() => rememberMemberFilters(teamId, memberFilterParams(filters)), [teamId, filters]);

  const apply = (patch: Partial<MemberListFilters>) =>
    void navigate({
      search: (prev) => ({ ...prev, ...memberFilterParams({ ...memberFilters(prev), ...patch }) }),
    });
  const applySearch = useDebouncedCallback(
    (text: string) => apply({ search: text.trim() }),
    SEARCH_DEBOUNCE_MS,
  );

  return {
    filters,
    searchInput,
    onSearchInput: (text: string) => {
      setSearchInput(text);
      applySearch(text);
    },
    onFiltersChange: (values: MemberFilterValues) => apply(values),
  };
}
