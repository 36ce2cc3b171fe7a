import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/event-management/attendees/edit/$attendeeId')({
  component: EditAttendeePage,
});

function EditAttendeePage() {
  return <PageTitle>Edit Attendee</PageTitle>;
}
