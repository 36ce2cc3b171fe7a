import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/event-management/event-category')({
  component: EventCategoriesPage,
});

function EventCategoriesPage() {
  return <PageTitle>Event Categories</PageTitle>;
}
