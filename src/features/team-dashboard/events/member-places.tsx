import type { TeamEvent } from '@contract/events/attendees';
import { ActionIcon, Badge, Group, List, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { openConfirm } from '@/ui/confirm-host';
import { fullName } from '../format';
import { PendingBadge } from '../pending-badge';
import { useCancelPlace } from './event-queries';
import { STATE_COLORS, stateText } from './event-words';

type Props = { teamId: string; event: TeamEvent };

/** The team's members on an event, seated first then waiting in line, each with a Cancel. */
export function MemberPlaces({ teamId, event }: Props) {
  const cancel = useCancelPlace(teamId, event.title);
  const members = [...event.members].sort(
    (a, b) =>
      Number(a.state === 'waitlisted') - Number(b.state === 'waitlisted') ||
      (a.waitlistPosition ?? 0) - (b.waitlistPosition ?? 0),
  );
  if (members.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No member of this team is on this event yet.
      </Text>
    );
  return (
    <List listStyleType="none" spacing={4} aria-label="Team members on this event">
      {members.map((member) => {
        const name = fullName(member);
        // Once every session is marked the event has taken place for them: nothing to cancel.
        const done = member.state === 'attended' || member.state === 'absent';
        return (
          <List.Item key={member.attendeeId} aria-label={name}>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Group gap="xs" wrap="wrap">
                <Text size="sm">{name}</Text>
                <Badge size="sm" variant="light" color={STATE_COLORS[member.state]}>
                  {stateText(member.state, member.waitlistPosition)}
                </Badge>
                <PendingBadge recordId={member.attendeeId} />
              </Group>
              {!done && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Cancel ${name}`}
                  onClick={() =>
                    openConfirm(
                      'delete',
                      () =>
                        cancel.mutateAsync({
                          attendeeId: member.attendeeId,
                          userId: member.userId,
                          version: member.version,
                          name,
                        }),
                      {
                        title: 'Cancel Place',
                        text: `Cancel ${name}'s place on ${event.title}? The first person waiting gets the seat.`,
                        confirmLabel: 'Cancel place',
                        cancelLabel: 'Keep',
                      },
                    )
                  }
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          </List.Item>
        );
      })}
    </List>
  );
}
