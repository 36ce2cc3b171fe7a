import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/assignments/add')({
  component: AddAssignmentPage,
});

function AddAssignmentPage() {
  return <PageTitle>Add Assignment</PageTitle>;
}
