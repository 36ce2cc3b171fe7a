import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/course-category/add')({
  component: AddCourseCategoryPage,
});

function AddCourseCategoryPage() {
  return <PageTitle>Add Course Category</PageTitle>;
}
