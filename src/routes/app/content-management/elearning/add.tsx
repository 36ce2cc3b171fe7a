import { createFileRoute } from '@tanstack/react-router';
import { AddElearningScreen } from '@/features/elearning/screens';

export const Route = createFileRoute('/app/content-management/elearning/add')({
  component: AddElearningScreen,
});
