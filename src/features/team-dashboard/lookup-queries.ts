import type { LookupPage } from '@contract/envelope';
import type { Department, Location, MembershipRole } from '@contract/lookups';
import { paths } from '@contract/paths';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { teamKeys } from './keys';

export type FilterOption = { value: string; label: string };

/** The largest page size a lookup list takes; enough for every location or department a filter offers. */
const LOOKUP_LIMIT = 500;

export const roleFilterQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.filterOptions('role'),
    queryFn: async ({ signal }): Promise<FilterOption[]> =>
      (await api.get<MembershipRole[]>(paths.role, { signal })).results.map((role) => ({
        value: role._id,
        label: role.name,
      })),
    staleTime: 5 * 60_000,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

export const titledFilterQueryOptions = (kind: 'department' | 'location') =>
  queryOptions({
    queryKey: teamKeys.filterOptions(kind),
    queryFn: async ({ signal }): Promise<FilterOption[]> => {
      const path = kind === 'department' ? paths.department : paths.location;
      const { results } = await api.get<LookupPage<Department | Location>>(path, {
        query: { page: 1, limit: LOOKUP_LIMIT },
        signal,
      });
      return results.data.map((item) => ({ value: item._id, label: item.title }));
    },
    staleTime: 5 * 60_000,
    gcTime: OFFLINE_MAX_AGE_MS,
  });
