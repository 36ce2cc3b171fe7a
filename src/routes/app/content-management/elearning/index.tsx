import { elearningListQuery } from '@contract/elearning/schemas';
import { createFileRoute } from '@tanstack/react-router';
import { ElearningScreen } from '@/features/elearning/elearning-screen';
import { elearningListOptions } from '@/features/elearning/queries';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/app/content-management/elearning/')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: elearningListQuery,
  loaderDeps: ({ search }) => search,
  // Offline, or when the read fails, the list opens and shows what is saved or says it is not.
  loader: ({ context, deps }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(elearningListOptions(deps))),
  component: ElearningPage,
});

function ElearningPage() {
  const navigate = Route.useNavigate();
  return (
    <ElearningScreen
      search={Route.useSearch()}
      onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
