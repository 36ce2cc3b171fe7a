import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/content-management/lessons/edit/$lessonId')({
  component: EditLessonPage,
});

function EditLessonPage() {
  return <PageTitle>Edit Lesson</PageTitle>;
}
