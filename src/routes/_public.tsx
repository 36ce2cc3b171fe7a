import { createFileRoute } from '@tanstack/react-router';
import { redirectIfSignedIn } from '@/features/auth/gates';

export const Route = createFileRoute('/_public')({
  beforeLoad: redirectIfSignedIn,
});
