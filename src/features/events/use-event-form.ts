import type { EventDetail } from '@contract/events/resource';
import { eventSchema, eventUpdateSchema } from '@contract/events/schemas';
import { useNavigate } from '@tanstack/react-router';
import { useRecordForm } from '@/ui/form/use-record-form';
import {
  type EventFormValues,
  placeEventErrors,
  toEventFormValues,
  toEventInput,
  toEventUpdate,
} from './form-values';
import { useCreateEvent, useUpdateEvent } from './queries';

export const EVENT_LIST = '/app/event-management/event';

type UseEventFormOptions = {
  initialValues: EventFormValues;
  /** Editing: the event as read. */
  record?: EventDetail;
  onCurrentRecord?: (event: EventDetail) => void;
  readOnly: boolean;
};

/**
 * The event's form: the contract's schema over the body that would be sent (times as instants),
 * its messages and the server's under the fields, then back to the list with the server's message.
 */
export function useEventForm({ initialValues, record, onCurrentRecord, readOnly }: UseEventFormOptions) {
  const navigate = useNavigate();
  const create = useCreateEvent();
  const update = useUpdateEvent(record?._id ?? '');
  return useRecordForm({
    defaultValues: initialValues,
    schema: record ? eventUpdateSchema : eventSchema,
    validate: { toInput: record ? toEventUpdate : toEventInput, place: placeEventErrors },
    save: (values: EventFormValues) =>
      record ? update.mutateAsync(toEventUpdate(values)) : create.mutateAsync(toEventInput(values)),
    onSaved: () => navigate({ to: EVENT_LIST }),
    fromRecord: toEventFormValues,
    onCurrentRecord,
    readOnly,
  });
}

export type EventForm = ReturnType<typeof useEventForm>['form'];
