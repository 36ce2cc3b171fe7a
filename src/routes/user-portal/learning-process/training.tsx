import { catalogueQuery } from '@contract/learning/schemas';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { CatalogueScreen } from '@/features/training-resources/catalogue-screen';
import { catalogueOptions } from '@/features/training-resources/queries';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/user-portal/learning-process/training')({
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: catalogueQuery,
  // The first page, default size and empty search stay out of the address.
  search: { middlewares: [stripSearchParams({ page: 1, limit: 10, search: '' })] },
  loaderDeps: ({ search }) => search,
  // Offline the saved pages show; the screen says what it could not read.
  loader: ({ context, deps }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(catalogueOptions(deps))),
  component: TrainingPage,
});

function TrainingPage() {
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CatalogueScreen
      query={query}
      onQueryChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true })}
    />
  );
}
