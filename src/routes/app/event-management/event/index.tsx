import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/event-management/event/')({
  component: EventsPage,
});

function EventsPage() {
  return <PageTitle>Events</PageTitle>;
}
