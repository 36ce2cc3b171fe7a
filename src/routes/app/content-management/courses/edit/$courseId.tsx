import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/courses/edit/$courseId')({
  component: EditCoursePage,
});

function EditCoursePage() {
  return <PageTitle>Edit Course</PageTitle>;
}
