import { attendeeListQuery } from '@contract/events/attendees';
import { createFileRoute } from '@tanstack/react-router';
import { AttendeesScreen } from '@/features/attendees/attendees-screen';
import { attendeeListOptions } from '@/features/attendees/queries';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/app/event-management/attendees/')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: attendeeListQuery,
  loaderDeps: ({ search }) => search,
  // Offline, or when the read fails, the list opens and shows what is saved or says it is not.
  loader: ({ context, deps }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(attendeeListOptions(deps))),
  component: AttendeesPage,
});

function AttendeesPage() {
  const navigate = Route.useNavigate();
  return (
    <AttendeesScreen
      search={Route.useSearch()}
      onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
