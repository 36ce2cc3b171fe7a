import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/quizzes/add')({
  component: AddQuizPage,
});

function AddQuizPage() {
  return <PageTitle>Add Quiz</PageTitle>;
}
