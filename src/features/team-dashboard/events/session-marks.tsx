import type { TeamEvent } from '@contract/events/attendees';
import type { SessionAttendance } from '@contract/events/model';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { sessionSpan, viewerZone } from '@/ui/event-session-time';
import { fullName } from '../format';
import { useMarkAttendance } from './event-queries';
import { isSeated } from './event-words';
import { markKey, usePendingMarks } from './pending-marks';

type Props = { teamId: string; event: TeamEvent; session: TeamEvent['sessions'][number] };

const CHOICES: { state: SessionAttendance; label: string; color: string }[] = [
  { state: 'attended', label: 'Attended', color: 'teal' },
  { state: 'absent', label: 'Absent', color: 'red' },
];

/**
 * Attendance of one session that has started, for each member holding a seat: a mark waiting in
 * the outbox shows at once, with 'Pending', and stays through a reload until the server has it.
 */
export function SessionMarks({ teamId, event, session }: Props) {
  const mark = useMarkAttendance(teamId);
  const pending = usePendingMarks();
  const seated = event.members.filter((member) => isSeated(member.state));
  const label = `Attendance: ${sessionSpan(session.startsAt, session.endsAt, viewerZone())}`;
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {seated.length === 0 && (
        <Text size="sm" c="dimmed">
          No member holds a seat.
        </Text>
      )}
      {seated.map((member) => {
        const name = fullName(member);
        const waiting = pending.get(markKey(member.attendeeId, session.id));
        const shown = waiting?.state ?? member.attendance[session.id] ?? null;
        return (
          <Group key={member.attendeeId} gap="xs" justify="space-between" role="group" aria-label={name}>
            <Group gap="xs">
              <Text size="sm">{name}</Text>
              {waiting && (
                <Badge size="sm" variant="light" color={waiting.failed ? 'red' : 'yellow'}>
                  {waiting.failed ? 'Failed' : 'Pending'}
                </Badge>
              )}
            </Group>
            <Group gap={4}>
              {CHOICES.map((choice) => (
                <Button
                  key={choice.state}
                  size="compact-sm"
                  variant={shown === choice.state ? 'filled' : 'default'}
                  color={choice.color}
                  aria-pressed={shown === choice.state}
                  onClick={() =>
                    mark.mutate({
                      attendeeId: member.attendeeId,
                      sessionId: session.id,
                      state: choice.state,
                      userId: member.userId,
                      name,
                      eventTitle: event.title,
                    })
                  }
                >
                  {choice.label}
                </Button>
              ))}
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
