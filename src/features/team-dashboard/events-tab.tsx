import { Center, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { isNetworkFailure, QueryStatus } from '@/ui/query-status';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { EventCard } from './events/event-card';
import { teamEventsQueryOptions } from './events/event-queries';

const route = getRouteApi('/user-portal/team-dashboard/');

/**
 * The Assign Events tab: upcoming published events as cards, on which the lead registers members
 * of the team, cancels a place, and marks attendance of the sessions that have started (offline
 * too, through the outbox).
 */
export function EventsTab() {
  // The screen shows the tabs only once `team` names a team the caller may use.
  const teamId = route.useSearch().team as string;
  const list = useQuery(teamEventsQueryOptions(teamId));
  const events = list.data;
  if (!events) return <QueryStatus query={list} label="Loading events..." />;
  // Which sessions have started decides which can be marked; read on each render.
  const now = Date.now();
  return (
    <Stack gap="md">
      <SavedDataNotice updatedAt={list.dataUpdatedAt} networkFailed={isNetworkFailure(list.error)} />
      {events.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <IconCalendarEvent size={32} stroke={1.5} aria-hidden />
            <Text c="dimmed" ta="center">
              No upcoming events. Published events will appear here.
            </Text>
          </Stack>
        </Center>
      ) : (
        events.map((event) => <EventCard key={event._id} teamId={teamId} event={event} now={now} />)
      )}
    </Stack>
  );
}
