import { FIRST_PAGE } from '@contract/constants';
import type { VirtualMeetingListQuery, VirtualMeetingRow } from '@contract/events/attendees';
import { Anchor, Group, SegmentedControl, Stack } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { ListSearch } from '@/ui/list-search';
import { PageTitle } from '@/ui/page-title';
import { isNetworkFailure, QueryStatus, useQueryDisplay } from '@/ui/query-status';
import { ResourceTable } from '@/ui/resource-table';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { JoinLink } from './join-link';
import { meetingSpan, PROVIDER_LABELS } from './meeting-time';
import { virtualMeetingListOptions } from './queries';

type VirtualMeetingsScreenProps = {
  search: VirtualMeetingListQuery;
  onSearchChange: (patch: Partial<VirtualMeetingListQuery>) => void;
};

/** The Join links open and close by the clock: the screen looks at it again every half minute. */
const TICK_MS = 30_000;

/**
 * `/app/event-management/virtual-meeting`: the sessions held at a meeting link, upcoming (soonest
 * first) or past, with who holds a seat, who followed the link, and the link itself.
 */
export function VirtualMeetingsScreen({ search, onSearchChange }: VirtualMeetingsScreenProps) {
  const list = useQuery(virtualMeetingListOptions(search));
  const display = useQueryDisplay(list);
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), TICK_MS, { autoInvoke: true });
  const filter = (patch: Partial<VirtualMeetingListQuery>) => onSearchChange({ ...patch, page: FIRST_PAGE });

  const columns: DataTableColumn<VirtualMeetingRow>[] = [
    {
      accessor: 'title',
      title: 'Event',
      render: (row) => (
        <Anchor
          size="sm"
          renderRoot={(props) => (
            <Link
              to="/app/event-management/event/edit/$eventId"
              params={{ eventId: row.eventId }}
              {...props}
            />
          )}
        >
          {row.title}
        </Anchor>
      ),
    },
    {
      accessor: 'startsAt',
      title: 'When',
      render: (row) => `${meetingSpan(row.startsAt, row.endsAt, row.timeZone)} (${row.timeZone})`,
    },
    { accessor: 'meetingProvider', title: 'Provider', render: (row) => PROVIDER_LABELS[row.meetingProvider] },
    { accessor: 'seated', title: 'Seated' },
    { accessor: 'joined', title: 'Joined' },
    { accessor: 'actions', title: 'Join', render: (row) => <JoinLink row={row} now={now} /> },
  ];

  return (
    <Stack gap="md">
      <PageTitle>Virtual Meetings</PageTitle>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ListSearch
          placeholder="Search by event title"
          search={search.search}
          onSearch={(value) => filter({ search: value })}
        />
        <SegmentedControl
          aria-label="When"
          data={[
            { value: 'upcoming', label: 'Upcoming' },
            { value: 'past', label: 'Past' },
          ]}
          value={search.when}
          onChange={(value) => filter({ when: value === 'past' ? 'past' : 'upcoming' })}
        />
      </Group>
      <SavedDataNotice updatedAt={list.dataUpdatedAt} networkFailed={isNetworkFailure(list.error)} />
      {display === 'not-saved' || display === 'error' ? (
        <QueryStatus query={list} />
      ) : (
        <ResourceTable<VirtualMeetingRow>
          label="Virtual meetings"
          records={list.data?.data ?? []}
          columns={columns}
          idAccessor={(row) => row.sessionId}
          page={search.page}
          limit={search.limit}
          total={list.data?.total ?? 0}
          fetching={list.isFetching || display === 'loading'}
          noRecordsText={search.when === 'past' ? 'No past meeting found.' : 'No upcoming meeting found.'}
          onPaginationChange={(next) => onSearchChange(next as Partial<VirtualMeetingListQuery>)}
          keep={['actions']}
        />
      )}
    </Stack>
  );
}
