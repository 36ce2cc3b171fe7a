import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/quizzes/')({
  component: QuizzesPage,
});

function QuizzesPage() {
  return <PageTitle>Quizzes</PageTitle>;
}
