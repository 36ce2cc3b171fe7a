import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/courses/')({
  component: CoursesPage,
});

function CoursesPage() {
  return <PageTitle>Courses</PageTitle>;
}
