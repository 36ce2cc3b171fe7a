import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/team-dashboard/assign-new-training')({
  component: AssignNewTrainingPage,
});

function AssignNewTrainingPage() {
  return <PageTitle>Assign New Training</PageTitle>;
}
