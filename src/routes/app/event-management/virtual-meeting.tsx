import { virtualMeetingListQuery } from '@contract/events/attendees';
import { createFileRoute } from '@tanstack/react-router';
import { virtualMeetingListOptions } from '@/features/virtual-meetings/queries';
import { VirtualMeetingsScreen } from '@/features/virtual-meetings/virtual-meetings-screen';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/app/event-management/virtual-meeting')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: virtualMeetingListQuery,
  loaderDeps: ({ search }) => search,
  // Offline, or when the read fails, the list opens and shows what is saved or says it is not.
  loader: ({ context, deps }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(virtualMeetingListOptions(deps))),
  component: VirtualMeetingsPage,
});

function VirtualMeetingsPage() {
  const navigate = Route.useNavigate();
  return (
    <VirtualMeetingsScreen
      search={Route.useSearch()}
      onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
