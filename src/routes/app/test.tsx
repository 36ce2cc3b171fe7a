import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/test')({
  component: AdminTestPage,
});

function AdminTestPage() {
  return <PageTitle>Test</PageTitle>;
}
