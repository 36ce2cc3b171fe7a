import { createFileRoute } from '@tanstack/react-router';
import { AddLessonScreen } from '@/features/lessons/lesson-screens';

export const Route = createFileRoute('/app/content-management/lessons/add')({
  component: AddLessonScreen,
});
