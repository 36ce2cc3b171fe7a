import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '@/ui/page-title';

export const Route = createFileRoute('/app/event-management/virtual-meeting')({
  component: VirtualMeetingsPage,
});

function VirtualMeetingsPage() {
  return <PageTitle>Virtual Meetings</PageTitle>;
}
