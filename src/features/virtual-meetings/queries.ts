import type { Paged } from '@contract/envelope';
import {
  attendeePaths,
  type VirtualMeetingListQuery,
  type VirtualMeetingRow,
} from '@contract/events/attendees';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const virtualMeetingKeys = {
  all: ['virtual-meetings'] as const,
  list: (query: VirtualMeetingListQuery) => [...virtualMeetingKeys.all, 'list', query] as const,
};

export const virtualMeetingListOptions = (query: VirtualMeetingListQuery) =>
  queryOptions({
    queryKey: virtualMeetingKeys.list(query),
    queryFn: async ({ signal }) => {
      const { status: _status, ...sent } = query;
      return (await api.get<Paged<VirtualMeetingRow>>(attendeePaths.virtualMeetings, { query: sent, signal }))
        .results;
    },
    placeholderData: keepPreviousData,
  });
