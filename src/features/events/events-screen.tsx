import type { EventListQuery } from '@contract/events/list-query';
import { type EventRow, eventResource } from '@contract/events/resource';
import { Box, Button, Group, Select, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { NO_DATE } from '@/lib/format-date';
import { AdminList } from '@/ui/admin-list/admin-list';
import { useCan } from '@/ui/admin-list/use-can';
import { dropdownProps } from '@/ui/form/dropdown-props';
import { PageTitle } from '@/ui/page-title';
import { eventCategoryChoicesOptions, eventKeys, eventListOptions } from './queries';

type EventsScreenProps = {
  search: EventListQuery;
  onSearchChange: (patch: Partial<EventListQuery>) => void;
};

// dateStyle and timeStyle take no timeZoneName: the fields are named one by one.
const startOptions: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};
const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (timeZone: string) => {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, { ...startOptions, timeZone });
    formats.set(timeZone, format);
  }
  return format;
};

/** '3 / 20', or '3 / no limit' for an event without a capacity. */
export const seatsText = (row: Pick<EventRow, 'seatsTaken' | 'capacity'>) =>
  `${row.seatsTaken} / ${row.capacity ?? 'no limit'}`;

/** The first start in the event's own zone, with the zone's short name. */
const firstStart = (row: EventRow) =>
  row.firstSessionStartsAt ? formatIn(row.timeZone).format(new Date(row.firstSessionStartsAt)) : NO_DATE;

const columns: DataTableColumn<EventRow>[] = [
  { accessor: 'title', title: 'Title' },
  { accessor: 'categoryTitle', title: 'Category', render: (row) => row.categoryTitle ?? NO_DATE },
  { accessor: 'firstSessionStartsAt', title: 'First session', render: firstStart },
  { accessor: 'sessionCount', title: 'Sessions', textAlign: 'right' },
  { accessor: 'seatsTaken', title: 'Seats', textAlign: 'right', render: seatsText },
  { accessor: 'waitingCount', title: 'Waiting', textAlign: 'right' },
];

/**
 * `/app/event-management/event`: the events, newest first, with their first session, seats taken
 * and people waiting; searchable and filtered by status and category in the URL.
 */
export function EventsScreen({ search, onSearchChange }: EventsScreenProps) {
  const navigate = useNavigate();
  const list = useQuery(eventListOptions(search));
  const categories = useQuery(eventCategoryChoicesOptions());
  const canAdd = useCan(eventResource, 'add');

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle>Events</PageTitle>
        {canAdd && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            renderRoot={(props) => <Link to="/app/event-management/event/add" {...props} />}
          >
            Add Event
          </Button>
        )}
      </Group>
      <AdminList<EventRow, EventListQuery>
        label="Events"
        search={search}
        onSearchChange={onSearchChange}
        query={list}
        columns={columns}
        resource={eventResource}
        rowName={(row) => row.title}
        listKey={eventKeys.all}
        noRecordsText="No event found."
        onEdit={(row) =>
          void navigate({ to: '/app/event-management/event/edit/$eventId', params: { eventId: row._id } })
        }
        filters={
          <Box w={{ base: '100%', sm: 240 }}>
            <Select
              label="Event Category"
              placeholder="All categories"
              searchable
              clearable
              comboboxProps={dropdownProps}
              data={categories.data ?? []}
              value={search.category ?? null}
              onChange={(value) => onSearchChange({ category: value ?? undefined, page: 1 })}
            />
          </Box>
        }
      />
    </Stack>
  );
}
