import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/checklists/')({
  component: ChecklistsPage,
});

function ChecklistsPage() {
  return <PageTitle>Checklists</PageTitle>;
}
