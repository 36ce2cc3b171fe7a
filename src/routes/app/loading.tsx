import { createFileRoute } from '@tanstack/react-router';
import { FullScreenLoader } from '@/ui/full-screen-loader';

export const Route = createFileRoute('/app/loading')({
  component: FullScreenLoader,
});
