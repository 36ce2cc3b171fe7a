import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/event-management/attendees/add')({
  component: AddAttendeePage,
});

function AddAttendeePage() {
  return <PageTitle>Add Attendee</PageTitle>;
}
