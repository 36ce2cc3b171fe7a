import { eventCategoryListQuery } from '@contract/event-categories/list-query';
import { createFileRoute } from '@tanstack/react-router';
import { EventCategoriesScreen } from '@/features/event-categories/event-categories-screen';
import { eventCategoryListOptions } from '@/features/event-categories/queries';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/app/event-management/event-category')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: eventCategoryListQuery,
  loaderDeps: ({ search }) => search,
  // Offline, or when the read fails, the list opens and shows what is saved or says it is not.
  loader: ({ context, deps }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(eventCategoryListOptions(deps))),
  component: EventCategoriesPage,
});

function EventCategoriesPage() {
  const navigate = Route.useNavigate();
  return (
    <EventCategoriesScreen
      search={Route.useSearch()}
      onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
