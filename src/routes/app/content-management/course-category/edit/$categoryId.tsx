import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/course-category/edit/$categoryId')({
  component: EditCourseCategoryPage,
});

function EditCourseCategoryPage() {
  return <PageTitle>Edit Course Category</PageTitle>;
}
