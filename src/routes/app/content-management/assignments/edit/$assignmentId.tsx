import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/assignments/edit/$assignmentId')({
  component: EditAssignmentPage,
});

function EditAssignmentPage() {
  return <PageTitle>Edit Assignment</PageTitle>;
}
