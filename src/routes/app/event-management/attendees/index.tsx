import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/event-management/attendees/')({
  component: AttendeesPage,
});

function AttendeesPage() {
  return <PageTitle>Attendees</PageTitle>;
}
