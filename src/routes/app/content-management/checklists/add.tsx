import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/checklists/add')({
  component: AddChecklistPage,
});

function AddChecklistPage() {
  return <PageTitle>Add Checklist</PageTitle>;
}
