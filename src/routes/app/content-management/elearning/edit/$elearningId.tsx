import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/elearning/edit/$elearningId')({
  component: EditELearningPage,
});

function EditELearningPage() {
  return <PageTitle>Edit E-Learning</PageTitle>;
}
