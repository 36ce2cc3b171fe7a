import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/checklists/edit/$id')({
  component: EditChecklistPage,
});

function EditChecklistPage() {
  return <PageTitle>Edit Checklist</PageTitle>;
}
