import { createFileRoute } from '@tanstack/react-router';
import { AddEventScreen } from '@/features/events/event-screens';

export const Route = createFileRoute('/app/event-management/event/add')({
  component: AddEventScreen,
});
