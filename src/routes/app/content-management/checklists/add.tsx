import { createFileRoute } from '@tanstack/react-router';
import { AddChecklistScreen } from '@/features/checklists/checklist-screens';

export const Route = createFileRoute('/app/content-management/checklists/add')({
  component: AddChecklistScreen,
});
