import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EventFormView } from './event-form';
import { emptyEventValues, toEventFormValues } from './form-values';
import { eventDetailOptions } from './queries';

export function AddEventScreen() {
  const [initialValues] = useState(() => emptyEventValues());
  return <EventFormView initialValues={initialValues} />;
}

export function EditEventScreen({ eventId }: { eventId: string }) {
  const queryClient = useQueryClient();
  const { data: event } = useSuspenseQuery(eventDetailOptions(eventId));
  const [initialValues] = useState(() => toEventFormValues(event));
  return (
    <EventFormView
      initialValues={initialValues}
      record={event}
      onCurrentRecord={(current) => queryClient.setQueryData(eventDetailOptions(eventId).queryKey, current)}
    />
  );
}
