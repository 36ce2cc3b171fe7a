import { FIRST_PAGE } from '@contract/constants';
import type { AttendeeListQuery, AttendeeRow } from '@contract/events/attendees';
import { ATTENDEE_STATES, type AttendeeState } from '@contract/events/model';
import { ActionIcon, Badge, Button, Group, Select, Stack, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useCan } from '@/ui/admin-list/use-can';
import { ListSearch } from '@/ui/list-search';
import { PageTitle } from '@/ui/page-title';
import { isNetworkFailure, QueryStatus, useQueryDisplay } from '@/ui/query-status';
import { ResourceTable } from '@/ui/resource-table';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { SearchablePagedSelect } from '@/ui/searchable-paged-select';
import { ATTENDEES_AREA } from './area';
import { attendanceText, STATE_COLORS, STATE_LABELS, stateText } from './attendee-words';
import { MarkAttendance } from './mark-attendance';
import { attendeeListOptions, eventDetailOptions, eventPages } from './queries';

type AttendeesScreenProps = {
  search: AttendeeListQuery;
  onSearchChange: (patch: Partial<AttendeeListQuery>) => void;
};

const stateChoices = ATTENDEE_STATES.map((value) => ({ value, label: STATE_LABELS[value] }));
const isState = (value: string | null): value is AttendeeState =>
  (ATTENDEE_STATES as readonly (string | null)[]).includes(value);

/**
 * `/app/event-management/attendees`: the people on events, searched by name or email and filtered
 * by event and state in the URL. With an event chosen, one of its sessions can be marked for
 * everyone seated at once.
 */
export function AttendeesScreen({ search, onSearchChange }: AttendeesScreenProps) {
  const canAdd = useCan(ATTENDEES_AREA, 'add');
  const canEdit = useCan(ATTENDEES_AREA, 'edit');
  const list = useQuery(attendeeListOptions(search));
  const display = useQueryDisplay(list);
  const event = useQuery({ ...eventDetailOptions(search.event ?? ''), enabled: search.event !== undefined });
  // A filter change starts from the first page, else the list could open past its end.
  const filter = (patch: Partial<AttendeeListQuery>) => onSearchChange({ ...patch, page: FIRST_PAGE });

  const columns: DataTableColumn<AttendeeRow>[] = [
    { accessor: 'name', title: 'Name' },
    { accessor: 'email', title: 'Email' },
    { accessor: 'eventTitle', title: 'Event' },
    {
      accessor: 'state',
      title: 'State',
      render: (row) => (
        <Badge color={STATE_COLORS[row.state]} variant="light" tt="none">
          {stateText(row)}
        </Badge>
      ),
    },
    { accessor: 'attendedSessions', title: 'Attendance', render: attendanceText },
  ];
  if (canEdit)
    columns.push({
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (row) => (
        <Tooltip label="Edit">
          <ActionIcon
            variant="subtle"
            aria-label={`Edit ${row.name}`}
            renderRoot={(props) => (
              <Link
                to="/app/event-management/attendees/edit/$attendeeId"
                params={{ attendeeId: row._id }}
                {...props}
              />
            )}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle>Attendees</PageTitle>
        {canAdd && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            renderRoot={(props) => (
              <Link to="/app/event-management/attendees/add" search={{ event: search.event }} {...props} />
            )}
          >
            Add Attendee
          </Button>
        )}
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ListSearch
          placeholder="Search by name or email"
          search={search.search}
          onSearch={(value) => filter({ search: value })}
        />
        <Stack w={{ base: '100%', xs: 280 }} gap={0}>
          <SearchablePagedSelect
            label="Event"
            placeholder="All events"
            nothingFound="No event found."
            value={search.event ?? ''}
            onChange={(value) => filter({ event: value === '' ? undefined : value })}
            query={eventPages}
            selectedOption={
              search.event && event.data ? { value: search.event, label: event.data.title } : null
            }
          />
        </Stack>
        <Select
          label="State"
          placeholder="All states"
          data={stateChoices}
          value={search.state ?? null}
          clearable
          onChange={(value) => filter({ state: isState(value) ? value : undefined })}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>
      {search.event && canEdit && <MarkAttendance key={search.event} eventId={search.event} />}
      <SavedDataNotice updatedAt={list.dataUpdatedAt} networkFailed={isNetworkFailure(list.error)} />
      {display === 'not-saved' || display === 'error' ? (
        <QueryStatus query={list} />
      ) : (
        <ResourceTable<AttendeeRow>
          label="Attendees"
          records={list.data?.data ?? []}
          columns={columns}
          idAccessor={(row) => row._id}
          page={search.page}
          limit={search.limit}
          total={list.data?.total ?? 0}
          fetching={list.isFetching || display === 'loading'}
          noRecordsText="No attendee found."
          onPaginationChange={(next) => onSearchChange(next as Partial<AttendeeListQuery>)}
          keep={['actions']}
        />
      )}
    </Stack>
  );
}
