import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/elearning/')({
  component: ELearningPage,
});

function ELearningPage() {
  return <PageTitle>E-Learning</PageTitle>;
}
