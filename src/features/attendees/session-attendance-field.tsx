import type { AttendeeSession } from '@contract/events/attendees';
import { Input, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import type { AnyFieldApi } from '@tanstack/react-form';
import { useId } from 'react';
import { changeValue, errorOf } from '@/ui/form/field-error';
import { formatInZone, sessionSpan } from './attendee-words';
import type { MarkValue } from './edit-values';

type SessionAttendanceFieldProps = {
  field: AnyFieldApi;
  session: AttendeeSession;
  number: number;
  eventTimeZone: string;
};

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * One session's mark: Attended, Absent or not marked. The time shows in the session's zone and, when
 * it differs, the viewer's; a session not started yet cannot be marked (the server refuses it).
 */
export function SessionAttendanceField({
  field,
  session,
  number,
  eventTimeZone,
}: SessionAttendanceFieldProps) {
  const labelId = useId();
  const zone = session.timeZone || eventTimeZone;
  const mine = viewerZone();
  const started = new Date(session.startsAt).getTime() <= Date.now();
  const error = errorOf(field);
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap={6}>
        <Text id={labelId} fw={600} size="sm">
          Session {number}
        </Text>
        <Text size="sm">
          {sessionSpan(session.startsAt, session.endsAt, zone)} ({zone})
        </Text>
        {mine !== zone && (
          <Text size="sm" c="dimmed">
            Your time: {sessionSpan(session.startsAt, session.endsAt, mine)} ({mine})
          </Text>
        )}
        {session.joinedAt && (
          <Text size="sm" c="dimmed">
            Joined online at {formatInZone(session.joinedAt, zone)}
          </Text>
        )}
        <SegmentedControl
          aria-labelledby={labelId}
          value={field.state.value as MarkValue}
          onChange={(value) => changeValue(field, value as MarkValue)}
          data={[
            { value: 'attended', label: 'Attended', disabled: !started },
            { value: 'absent', label: 'Absent', disabled: !started },
            { value: 'none', label: 'Not marked' },
          ]}
          fullWidth
          maw={420}
        />
        {!started && (
          <Text size="xs" c="dimmed">
            Attendance can be marked once the session has started.
          </Text>
        )}
        {error && <Input.Error>{error}</Input.Error>}
      </Stack>
    </Paper>
  );
}
