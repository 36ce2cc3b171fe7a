import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/assignments/')({
  component: AssignmentsPage,
});

function AssignmentsPage() {
  return <PageTitle>Assignments</PageTitle>;
}
