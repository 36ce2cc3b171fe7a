import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/lessons/add')({
  component: AddLessonPage,
});

function AddLessonPage() {
  return <PageTitle>Add Lesson</PageTitle>;
}
