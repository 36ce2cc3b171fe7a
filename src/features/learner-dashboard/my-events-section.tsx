import type { EventSessionView, MyEvent } from '@contract/events/attendees';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { learnerEventKeys } from '@/lib/learner-event-keys';
import { toast } from '@/lib/notify';
import { openConfirm } from '@/ui/confirm-host';
import { EventSessionTime } from '@/ui/event-session-time';
import { QueryStatus, useQueryDisplay } from '@/ui/query-status';
import { CalendarFeedControl } from './calendar-feed-control';
import { cancelPlace, downloadEventCalendar, joinSession, myEventsOptions } from './my-events-queries';

/** 'Registered', 'Waiting list #2', 'Invited': where the learner stands on the event. */
export function placeText(event: Pick<MyEvent, 'state' | 'waitlistPosition'>): string {
  if (event.state === 'waitlisted')
    return event.waitlistPosition === null ? 'Waiting list' : `Waiting list #${event.waitlistPosition}`;
  if (event.state === 'invited') return 'Invited';
  return 'Registered';
}

const PLACE_COLORS: Record<string, string> = { registered: 'teal', waitlisted: 'orange', invited: 'blue' };

/** The time, re-read every 30 seconds, so a Join button opens on time without a reload. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * Follows a session's Join link: the server records the join and answers the link, opened in a
 * new tab. The tab is opened at the click, before the answer, so no pop-up blocker stops it.
 */
async function join(session: EventSessionView) {
  const tab = window.open('', '_blank');
  try {
    const { url } = await joinSession(session.id);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.open(url, '_blank', 'noopener');
  } catch {
    tab?.close();
  }
}

function SessionLine({ session, seated, now }: { session: EventSessionView; seated: boolean; now: number }) {
  const open = now >= Date.parse(session.joinOpensAt) && now < Date.parse(session.endsAt);
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start" component="li">
      <Stack gap={2}>
        <EventSessionTime session={session} />
        {session.place && (
          <Text size="sm" c="dimmed">
            {session.place}
          </Text>
        )}
      </Stack>
      {session.meetingUrl && seated && (
        <Button
          size="xs"
          disabled={!open}
          onClick={() => void join(session)}
          title={open ? undefined : 'Opens 15 minutes before the session starts'}
        >
          Join
        </Button>
      )}
    </Group>
  );
}

function EventCard({ event, now }: { event: MyEvent; now: number }) {
  const queryClient = useQueryClient();
  const titleId = `my-event-${event._id}`;
  const seated = event.state === 'registered' || event.state === 'attended' || event.state === 'absent';
  const cancel = () =>
    openConfirm(
      'unpublish',
      async () => {
        const result = await cancelPlace(event._id);
        toast.success(result.state === 'cancelled' ? 'Your place is cancelled.' : 'Done.');
        await queryClient.invalidateQueries({ queryKey: learnerEventKeys.all });
      },
      {
        title: 'Cancel your place?',
        text: `You will no longer be on ${event.title}. If it is full, your seat goes to the first person waiting.`,
        confirmLabel: 'Cancel place',
        cancelLabel: 'Keep my place',
      },
    );
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
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
          <Badge color={PLACE_COLORS[event.state] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {placeText(event)}
          </Badge>
        </Group>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {event.sessions.map((session) => (
            <SessionLine key={session.id} session={session} seated={seated} now={now} />
          ))}
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => void downloadEventCalendar(event._id)}>
            Add to calendar
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={cancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** My Dashboard's events: those the learner is registered for, waiting for or invited to, soonest first. */
export function MyEventsSection() {
  const query = useQuery(myEventsOptions());
  // The page's own list says when it is not saved; this section says so in its own words.
  const display = useQueryDisplay(query);
  const now = useNow();
  const events = query.data;
  return (
    <Stack gap="sm">
      {events ? (
        events.length === 0 ? (
          <Text c="dimmed">You are not on any upcoming event. Find one in Training Resources.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {events.map((event) => (
              <EventCard key={event._id} event={event} now={now} />
            ))}
          </SimpleGrid>
        )
      ) : display === 'not-saved' ? (
        <Text c="dimmed">Your events show here when you are online.</Text>
      ) : (
        <QueryStatus query={query} label="Loading your events..." />
      )}
      <CalendarFeedControl />
    </Stack>
  );
}
