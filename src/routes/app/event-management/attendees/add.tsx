import { idFilterParam } from '@contract/admin-list';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { AddAttendeesScreen } from '@/features/attendees/add-attendees-screen';

export const Route = createFileRoute('/app/event-management/attendees/add')({
  // `event`: opened from a list filtered by an event, the form starts with that event.
  validateSearch: v.object({ event: idFilterParam }),
  component: AddAttendeePage,
});

function AddAttendeePage() {
  const { event } = Route.useSearch();
  return <AddAttendeesScreen eventId={event} />;
}
