import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/courses/add')({
  component: AddCoursePage,
});

function AddCoursePage() {
  return <PageTitle>Add Course</PageTitle>;
}
