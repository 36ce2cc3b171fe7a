import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/event-management/event/add')({
  component: AddEventPage,
});

function AddEventPage() {
  return <PageTitle>Add Event</PageTitle>;
}
