import { createFileRoute } from '@tanstack/react-router';
import { AddAssignmentScreen } from '@/features/course-assignments/screens';

export const Route = createFileRoute('/app/content-management/assignments/add')({
  component: AddAssignmentScreen,
});
