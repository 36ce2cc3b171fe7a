import { type AddAttendeesResult, addAttendeesSchema } from '@contract/events/attendees';
import { Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { isQueued, type WriteResult } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { AdminFormPage, RoleDeniedNotice } from '@/ui/admin-list/admin-form-page';
import { useCan } from '@/ui/admin-list/use-can';
import { changeValue, errorOf } from '@/ui/form/field-error';
import { useRecordForm } from '@/ui/form/use-record-form';
import { addSummary } from './add-summary';
import { ATTENDEES_AREA } from './area';
import { eventDetailOptions, eventPages, peopleChoicePages, useAddAttendees } from './queries';

type AddState = 'registered' | 'invited';
type AddValues = {
  eventId: string;
  userIds: string[];
  groupIds: string[];
  teamIds: string[];
  state: AddState;
};

const LIST = '/app/event-management/attendees';

/**
 * `attendees/add`: an event, then people, user groups and teams (their members each once), as
 * Registered (a seat, else the waiting list) or Invited. The answer says how many went where, and
 * the list opens filtered by the event.
 */
export function AddAttendeesScreen({ eventId }: { eventId?: string }) {
  const allowed = useCan(ATTENDEES_AREA, 'add');
  const navigate = useNavigate();
  const add = useAddAttendees();
  const known = useQuery({ ...eventDetailOptions(eventId ?? ''), enabled: eventId !== undefined });
  const { form } = useRecordForm({
    defaultValues: {
      eventId: eventId ?? '',
      userIds: [],
      groupIds: [],
      teamIds: [],
      state: 'registered',
    } as AddValues,
    schema: addAttendeesSchema,
    save: (values: AddValues) => add.mutateAsync(values),
    onSaved: (result: WriteResult<AddAttendeesResult>, { values }) => {
      if (!isQueued(result)) toast.success(`${result.message} ${addSummary(result.results)}.`);
      return navigate({ to: LIST, search: { event: values.eventId } });
    },
    readOnly: !allowed,
  });
  const picker = { clearable: true, hidePickedOptions: true } as const;

  return (
    <AdminFormPage
      list={{ label: 'Attendees', to: LIST }}
      title="Add Attendee"
      readOnlyNotice={
        allowed ? undefined : <RoleDeniedNotice mode="add" noun="attendee" plural="attendees" />
      }
      onSubmit={() => void form.handleSubmit()}
      submit={
        <form.AppForm>
          <form.SubmitButton>Save</form.SubmitButton>
        </form.AppForm>
      }
    >
      <Stack maw={640} gap="md">
        <form.AppField name="eventId">
          {(field) => (
            <field.PagedSelectField
              label="Event"
              placeholder="Choose an event"
              nothingFound="No event found."
              query={eventPages}
              selectedOption={eventId && known.data ? { value: eventId, label: known.data.title } : null}
            />
          )}
        </form.AppField>
        <Text size="sm" c="dimmed">
          Choose people, user groups or teams; each person is added once.
        </Text>
        <form.AppField name="userIds">
          {(field) => (
            <field.RemoteMultiSelectField
              label="People"
              placeholder="Search users"
              nothingFound="No user found."
              query={peopleChoicePages.users}
              {...picker}
            />
          )}
        </form.AppField>
        <form.AppField name="groupIds">
          {(field) => (
            <field.RemoteMultiSelectField
              label="User groups"
              placeholder="Search user groups"
              nothingFound="No user group found."
              query={peopleChoicePages.groups}
              {...picker}
            />
          )}
        </form.AppField>
        <form.AppField name="teamIds">
          {(field) => (
            <field.RemoteMultiSelectField
              label="Teams"
              placeholder="Search teams"
              nothingFound="No team found."
              query={peopleChoicePages.teams}
              {...picker}
            />
          )}
        </form.AppField>
        <form.Field name="state">
          {(field) => (
            <Radio.Group
              label="State"
              description="Registered takes a seat, or a place on the waiting list when the event is full."
              value={field.state.value}
              onChange={(value) => changeValue(field, value as AddState)}
              error={errorOf(field)}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="registered" label="Registered" />
                <Radio value="invited" label="Invited" />
              </Stack>
            </Radio.Group>
          )}
        </form.Field>
      </Stack>
    </AdminFormPage>
  );
}
