import { createFileRoute } from '@tanstack/react-router';
import { AddCourseScreen } from '@/features/courses/screens';

export const Route = createFileRoute('/app/content-management/courses/add')({
  component: AddCourseScreen,
});
