import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/user-portal/learning-process/training')({
  component: TrainingPage,
});

function TrainingPage() {
  return <PageTitle>Welcome to the training Page.</PageTitle>;
}
