import type { TeamEvent } from '@contract/events/attendees';
import { Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { EventSessionTime } from '@/ui/event-session-time';
import { placeOf, seatsText } from './event-words';
import { MemberPlaces } from './member-places';
import { RegisterMembers } from './register-members';
import { SessionMarks } from './session-marks';

type Props = { teamId: string; event: TeamEvent; now: number };

/** One upcoming event: its sessions and seats, registering members, their places and attendance. */
export function EventCard({ teamId, event, now }: Props) {
  const titleId = useId();
  const started = event.sessions.filter((session) => new Date(session.startsAt).getTime() <= now);
  return (
    <Paper component="article" withBorder p="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h4" id={titleId}>
              {event.title}
            </Title>
            {event.categoryTitle && (
              <Text size="sm" c="dimmed">
                {event.categoryTitle}
              </Text>
            )}
          </Stack>
          <Badge variant="light" color={event.seatsLeft === 0 ? 'orange' : 'blue'}>
            {seatsText(event)}
          </Badge>
        </Group>
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Sessions">
          {event.sessions.map((session) => (
            <li key={session.id}>
              <EventSessionTime session={session} />
              {placeOf(session) && (
                <Text size="xs" c="dimmed">
                  {placeOf(session)}
                </Text>
              )}
            </li>
          ))}
        </Stack>
        <Divider />
        <RegisterMembers teamId={teamId} event={event} />
        <MemberPlaces teamId={teamId} event={event} />
        {started.map((session) => (
          <SessionMarks key={session.id} teamId={teamId} event={event} session={session} />
        ))}
      </Stack>
    </Paper>
  );
}
