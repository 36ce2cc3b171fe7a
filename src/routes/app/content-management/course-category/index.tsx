import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/course-category/')({
  component: CourseCategoriesPage,
});

function CourseCategoriesPage() {
  return <PageTitle>Course Categories</PageTitle>;
}
