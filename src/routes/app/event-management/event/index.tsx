import { eventListQuery } from '@contract/events/list-query';
import { createFileRoute } from '@tanstack/react-router';
import { EventsScreen } from '@/features/events/events-screen';
import { eventListOptions } from '@/features/events/queries';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/app/event-management/event/')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: eventListQuery,
  loaderDeps: ({ search }) => search,
  // Offline, or when the read fails, the list opens and shows what is saved or says it is not.
  loader: ({ context, deps }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(eventListOptions(deps))),
  component: EventsPage,
});

function EventsPage() {
  const navigate = Route.useNavigate();
  return (
    <EventsScreen
      search={Route.useSearch()}
      onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
