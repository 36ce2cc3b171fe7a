import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/event-management/event/edit/$eventId')({
  component: EditEventPage,
});

function EditEventPage() {
  return <PageTitle>Edit Event</PageTitle>;
}
