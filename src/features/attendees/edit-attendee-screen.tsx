import type { FieldErrors } from '@contract/envelope';
import { type AttendeeDetail, attendeeUpdateSchema } from '@contract/events/attendees';
import { Badge, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { AdminFormPage, RoleDeniedNotice } from '@/ui/admin-list/admin-form-page';
import { useCan } from '@/ui/admin-list/use-can';
import { FieldLine } from '@/ui/field-line';
import { changeValue, errorOf } from '@/ui/form/field-error';
import { useRecordForm } from '@/ui/form/use-record-form';
import { ATTENDEES_AREA } from './area';
import { STATE_COLORS, STATE_LABELS, stateText } from './attendee-words';
import {
  type AttendeeFormValues,
  EDITABLE_STATES,
  toAttendeeFormValues,
  toAttendeeUpdate,
} from './edit-values';
import { attendeeDetailOptions, useUpdateAttendee } from './queries';
import { SessionAttendanceField } from './session-attendance-field';

const LIST = '/app/event-management/attendees';

/**
 * `attendees/edit/{attendeeId}`: the person's state (Invited, Registered, Cancelled) and each
 * session's attendance, sent with the version read; a stale save shows the record as it is now.
 */
export function EditAttendeeScreen({ attendeeId }: { attendeeId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: attendee } = useSuspenseQuery(attendeeDetailOptions(attendeeId));
  const allowed = useCan(ATTENDEES_AREA, 'edit');
  const update = useUpdateAttendee(attendeeId, attendee.name);
  const [initialValues] = useState(() => toAttendeeFormValues(attendee));
  // The marks last sent, in order: the server names a refused one by its index.
  const sent = useRef<string[]>([]);
  const place = (errors: FieldErrors): FieldErrors =>
    Object.fromEntries(
      Object.entries(errors).map(([key, message]) => {
        const index = /^attendance\.(\d+)\./.exec(key)?.[1];
        const sessionId = index === undefined ? undefined : sent.current[Number(index)];
        return [sessionId ? `attendance.${sessionId}` : key, message];
      }),
    );
  const { form } = useRecordForm({
    defaultValues: initialValues,
    schema: attendeeUpdateSchema,
    validate: { toInput: toAttendeeUpdate, place },
    save: (values: AttendeeFormValues) => {
      const body = toAttendeeUpdate(values);
      sent.current = (body.attendance ?? []).map((mark) => mark.sessionId);
      return update.mutateAsync(body);
    },
    onSaved: () => navigate({ to: LIST, search: { event: attendee.eventId } }),
    fromRecord: toAttendeeFormValues,
    onCurrentRecord: (current: AttendeeDetail) =>
      queryClient.setQueryData(attendeeDetailOptions(attendeeId).queryKey, current),
    readOnly: !allowed,
  });
  // A state the form cannot set (waiting, attended, absent) is shown as the current choice.
  const stateChoices = [
    ...EDITABLE_STATES.map((value) => ({ value, label: STATE_LABELS[value] })),
    ...((EDITABLE_STATES as readonly string[]).includes(attendee.state)
      ? []
      : [{ value: attendee.state, label: stateText(attendee), disabled: true }]),
  ];

  return (
    <AdminFormPage
      list={{ label: 'Attendees', to: LIST }}
      title="Edit Attendee"
      readOnlyNotice={
        allowed ? undefined : <RoleDeniedNotice mode="edit" noun="attendee" plural="attendees" />
      }
      onSubmit={() => void form.handleSubmit()}
      submit={
        <form.AppForm>
          <form.SubmitButton>Update</form.SubmitButton>
        </form.AppForm>
      }
    >
      <Stack maw={720} gap="md">
        <Stack gap={4}>
          <FieldLine label="Name">{attendee.name}</FieldLine>
          <FieldLine label="Email">{attendee.email}</FieldLine>
          <FieldLine label="Event">{attendee.eventTitle}</FieldLine>
          <Group gap="xs">
            <Text size="sm" fw={500}>
              Current state
            </Text>
            <Badge color={STATE_COLORS[attendee.state]} variant="light" tt="none">
              {stateText(attendee)}
            </Badge>
          </Group>
        </Stack>
        <form.Field name="state">
          {(field) => (
            <Select
              label="State"
              description="Cancelling gives the seat to the first on the waiting list."
              data={stateChoices}
              value={field.state.value}
              allowDeselect={false}
              onChange={(value) => value && changeValue(field, value)}
              error={errorOf(field)}
              w={{ base: '100%', sm: 280 }}
            />
          )}
        </form.Field>
        <Title order={2} size="h4">
          Attendance
        </Title>
        {attendee.sessions.length === 0 ? (
          <Text size="sm">This event has no sessions.</Text>
        ) : (
          attendee.sessions.map((session, index) => (
            <form.Field key={session.id} name={`attendance.${session.id}`}>
              {(field) => (
                <SessionAttendanceField
                  field={field}
                  session={session}
                  number={index + 1}
                  eventTimeZone={attendee.eventTimeZone}
                />
              )}
            </form.Field>
          ))
        )}
      </Stack>
    </AdminFormPage>
  );
}
