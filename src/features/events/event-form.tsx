import { type EventDetail, eventResource } from '@contract/events/resource';
import { AdminFormPage, RoleDeniedNotice } from '@/ui/admin-list/admin-form-page';
import { useCan } from '@/ui/admin-list/use-can';
import { EventFields } from './event-fields';
import type { EventFormValues } from './form-values';
import { EVENT_LIST, useEventForm } from './use-event-form';

type EventFormViewProps = {
  initialValues: EventFormValues;
  /** Editing: the event as read. */
  record?: EventDetail;
  onCurrentRecord?: (event: EventDetail) => void;
};

const texts = {
  add: { title: 'Add Event', submit: 'Save' },
  edit: { title: 'Edit Event', submit: 'Update' },
} as const;

/** The add and edit screens of an event: its fields, its instructors and its sessions. */
export function EventFormView({ initialValues, record, onCurrentRecord }: EventFormViewProps) {
  const mode = record ? 'edit' : 'add';
  const text = texts[mode];
  const allowed = useCan(eventResource, mode);
  const { form } = useEventForm({ initialValues, record, onCurrentRecord, readOnly: !allowed });

  return (
    <AdminFormPage
      list={{ label: 'Events', to: EVENT_LIST }}
      title={text.title}
      readOnlyNotice={allowed ? undefined : <RoleDeniedNotice mode={mode} noun="event" plural="events" />}
      onSubmit={() => void form.handleSubmit()}
      submit={
        <form.AppForm>
          <form.SubmitButton>{text.submit}</form.SubmitButton>
        </form.AppForm>
      }
    >
      <EventFields form={form} record={record} disabled={!allowed} />
    </AdminFormPage>
  );
}
