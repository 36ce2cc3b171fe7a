import type { OpenEvent } from '@contract/events/attendees';
import { Badge, Button, Card, Group, Pagination, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format-date';
import { learnerEventKeys } from '@/lib/learner-event-keys';
import { toast } from '@/lib/notify';
import { EventSessionTime } from '@/ui/event-session-time';
import { QueryStatus, useQueryDisplay } from '@/ui/query-status';
import { openEventsOptions, registerForEvent } from './events-queries';

const PAGE_SIZE = 10;

/** 'Registered', 'Waiting list #2', 'Invited', or null when not on the event. */
function placeText(event: Pick<OpenEvent, 'myState' | 'waitlistPosition'>): string | null {
  switch (event.myState) {
    case 'registered':
    case 'attended':
    case 'absent':
      return 'Registered';
    case 'waitlisted':
      return event.waitlistPosition === null ? 'Waiting list' : `Waiting list #${event.waitlistPosition}`;
    case 'invited':
      return 'Invited';
    default:
      return null;
  }
}

function seatsText(event: OpenEvent): string {
  if (event.seatsLeft === null) return 'Seats available';
  if (event.seatsLeft > 0) return `${event.seatsLeft} ${event.seatsLeft === 1 ? 'seat' : 'seats'} left`;
  return event.waitlist ? 'Full – join the waiting list' : 'Full';
}

function EventCard({ event }: { event: OpenEvent }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const titleId = `open-event-${event._id}`;
  const place = placeText(event);
  const full = event.seatsLeft === 0;
  // Invited people register to take their seat; those seated or waiting are on it already.
  const canRegister = place === null || event.myState === 'invited';

  async function register() {
    setBusy(true);
    try {
      const result = await registerForEvent(event._id);
      toast.success(
        result.state === 'waitlisted'
          ? `This event is full: you are number ${result.waitlistPosition ?? 1} on the waiting list.`
          : 'You are registered for this event.',
      );
      await queryClient.invalidateQueries({ queryKey: learnerEventKeys.all });
    } catch {
      // The api client has told the user (full, closed) and the list is read again.
      await queryClient.invalidateQueries({ queryKey: learnerEventKeys.all });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0}>
            <Title order={3} size="h4" id={titleId}>
              {event.title}
            </Title>
            {event.categoryTitle && (
              <Text size="xs" c="dimmed">
                {event.categoryTitle}
              </Text>
            )}
          </Stack>
          {place && (
            <Badge
              color={event.myState === 'waitlisted' ? 'orange' : 'teal'}
              variant="light"
              style={{ flexShrink: 0 }}
            >
              {place}
            </Badge>
          )}
        </Group>
        {event.description && (
          <Text size="sm" lineClamp={3}>
            {event.description}
          </Text>
        )}
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {event.sessions.map((session) => (
            <Stack gap={2} key={session.id} component="li">
              <EventSessionTime session={session} />
              <Text size="sm" c="dimmed">
                {[session.place, session.meetingUrl && 'Online'].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
          ))}
        </Stack>
        <Group justify="space-between" gap="xs" mt="auto" wrap="wrap">
          <Stack gap={0}>
            <Text size="sm" fw={full ? 700 : 500}>
              {seatsText(event)}
            </Text>
            {event.registrationClosesAt && (
              <Text size="xs" c="dimmed">
                Registration closes {formatDateTime(event.registrationClosesAt)}
              </Text>
            )}
          </Stack>
          {canRegister && (!full || event.waitlist) && (
            <Button size="xs" onClick={() => void register()} loading={busy}>
              Register
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Training Resources' events: those open for registration, soonest first, with a way to register.
 * The catalogue's search finds events by title too.
 */
export function EventsSection({ search }: { search: string }) {
  const [paged, setPaged] = useState({ search, page: 1 });
  // A new search starts again at the first page.
  const page = paged.search === search ? paged.page : 1;
  const setPage = (next: number) => setPaged({ search, page: next });
  const query = useQuery(openEventsOptions({ page, limit: PAGE_SIZE, search }));
  // The page's own list says when it is not saved; this section says so in its own words.
  const display = useQueryDisplay(query);
  const data = query.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="open-events-title">
      <Title order={2} size="h3" id="open-events-title">
        Events
      </Title>
      {data ? (
        data.data.length === 0 ? (
          <Text c="dimmed">
            {search ? 'No open event matches your search.' : 'No event is open for registration right now.'}
          </Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {data.data.map((event) => (
                <EventCard key={event._id} event={event} />
              ))}
            </SimpleGrid>
            {data.totalPages > 1 && (
              <Pagination
                total={data.totalPages}
                value={page}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            )}
          </>
        )
      ) : display === 'not-saved' ? (
        <Text c="dimmed">Events open for registration show here when you are online.</Text>
      ) : (
        <QueryStatus query={query} label="Loading events..." />
      )}
    </Stack>
  );
}
