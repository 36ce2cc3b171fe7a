import { createFileRoute } from '@tanstack/react-router';
import { TooltipDemo } from '@/ui/tooltip-demo';

export const Route = createFileRoute('/_public/test')({
  component: TooltipDemo,
});
