import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/quizzes/edit/$quizId')({
  component: EditQuizPage,
});

function EditQuizPage() {
  return <PageTitle>Edit Quiz</PageTitle>;
}
