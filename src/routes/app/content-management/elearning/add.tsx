import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/elearning/add')({
  component: AddELearningPage,
});

function AddELearningPage() {
  return <PageTitle>Add E-Learning</PageTitle>;
}
