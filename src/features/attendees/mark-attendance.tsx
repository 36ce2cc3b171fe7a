import { Button, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { sessionSpan } from './attendee-words';
import { eventDetailOptions, useMarkAttendance } from './queries';

type Mark = 'attended' | 'absent';

/**
 * One session's attendance for everyone holding a seat on the event at once (PUT /event/attendance
 * without attendeeIds), after a confirmation: it overwrites marks made one by one.
 */
export function MarkAttendance({ eventId }: { eventId: string }) {
  const event = useQuery(eventDetailOptions(eventId));
  const mark = useMarkAttendance();
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [state, setState] = useState<Mark>('attended');
  const [confirming, setConfirming] = useState(false);
  const sessions = event.data?.sessions ?? [];
  const choices = sessions.map((session, index) => ({
    value: session.id,
    label: `Session ${index + 1}: ${sessionSpan(session.startsAt, session.endsAt, session.timeZone)}`,
  }));
  const chosen = choices.find((choice) => choice.value === sessionId);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="mark-attendance-title">
      <Stack gap="sm">
        <Text id="mark-attendance-title" fw={600}>
          Mark attendance
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Session"
            description={event.data ? `Times in ${event.data.timeZone}` : undefined}
            placeholder={event.isPending ? 'Loading…' : 'Choose a session'}
            data={choices}
            value={sessionId}
            onChange={setSessionId}
            w={{ base: '100%', sm: 380 }}
          />
          <SegmentedControl
            aria-label="Attendance"
            data={[
              { value: 'attended', label: 'Attended' },
              { value: 'absent', label: 'Absent' },
            ]}
            value={state}
            onChange={(value) => setState(value as Mark)}
          />
          <Button disabled={!sessionId} onClick={() => setConfirming(true)}>
            Mark attendance
          </Button>
        </Group>
      </Stack>
      {confirming && sessionId && (
        <ConfirmDialog
          variant="publish"
          words={{
            title: 'Confirm Attendance',
            text: `Mark everyone holding a seat ${state === 'attended' ? 'Attended' : 'Absent'} for ${chosen?.label ?? 'this session'}?`,
            confirmLabel: 'Mark',
          }}
          opened
          onClose={() => setConfirming(false)}
          onConfirm={() => mark.mutateAsync({ sessionId, state })}
        />
      )}
    </Paper>
  );
}
