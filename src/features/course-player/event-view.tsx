import type { PlayerEvent, PlayerEventState } from '@contract/learning/resource';
import { Alert, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format-date';
import { useRegisterForEvent } from './event-register';

const STATE: Record<PlayerEventState, { label: string; color: string }> = {
  'not-registered': { label: 'Not registered', color: 'gray' },
  registered: { label: 'Registered', color: 'blue' },
  waiting: { label: 'On the waiting list', color: 'yellow' },
  attended: { label: 'Attended', color: 'green' },
  absent: { label: 'Absent', color: 'red' },
};

/** The learner's own zone, in which the sessions' times are written. */
const ownZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * An event of a blended course: its sessions in the learner's zone (and the session's own zone
 * when it differs), where the learner stands on it, and a Register button while registration is
 * open. The part is done once attendance of every session is marked attended.
 */
export function EventView({ item }: { item: PlayerEvent }) {
  const register = useRegisterForEvent();
  const state = STATE[item.state];
  const zone = ownZone();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {item.name}
        </Title>
        <Badge color={item.done ? 'green' : state.color} variant="light">
          {item.done ? 'Event done' : state.label}
        </Badge>
      </Group>
      {item.description && <Text>{item.description}</Text>}
      <div>
        <Text fw={500}>Sessions</Text>
        <List aria-label="Sessions">
          {item.sessions.map((session) => (
            <List.Item key={session._id}>
              {formatDateTime(session.startsAt)} – {formatDateTime(session.endsAt)}
              {session.timeZone !== zone && ` (${session.timeZone} time set by the event)`}
              {[session.place, session.online ? 'online' : null].filter(Boolean).length > 0 &&
                ` · ${[session.place, session.online ? 'online' : null].filter(Boolean).join(', ')}`}
            </List.Item>
          ))}
        </List>
      </div>
      {item.state === 'not-registered' &&
        (item.registrationOpen ? (
          <Group>
            <Button
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
              loading={register.isPending}
              onClick={() => register.mutate(item._id)}
            >
              Register
            </Button>
          </Group>
        ) : (
          <Alert color="gray" role="status">
            Registration for this event is closed. Ask your team lead for a place.
          </Alert>
        ))}
      {item.state === 'registered' && !item.done && (
        <Text size="sm" c="dimmed">
          You have a seat. This part is done once your attendance of every session is marked.
        </Text>
      )}
      {item.state === 'waiting' && (
        <Text size="sm" c="dimmed">
          You are on the waiting list: you will get a mail if a seat comes free.
        </Text>
      )}
      {item.state === 'absent' && !item.done && (
        <Text size="sm" c="dimmed">
          You were marked absent from a session, so this part is not done. Ask your team lead about the next
          date.
        </Text>
      )}
    </Stack>
  );
}
