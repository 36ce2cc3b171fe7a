import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/lessons/')({
  component: LessonsPage,
});

function LessonsPage() {
  return <PageTitle>Lessons</PageTitle>;
}
