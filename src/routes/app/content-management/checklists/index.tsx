import { checklistListQuery } from '@contract/checklists/list-query';
import { createFileRoute } from '@tanstack/react-router';
import { ChecklistsScreen } from '@/features/checklists/checklists-screen';
import { checklistListOptions } from '@/features/checklists/queries';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/app/content-management/checklists/')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: checklistListQuery,
  loaderDeps: ({ search }) => search,
  // Offline, or when the read fails, the list opens and shows what is saved or says it is not.
  loader: ({ context, deps }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(checklistListOptions(deps))),
  component: ChecklistsPage,
});

function ChecklistsPage() {
  const navigate = Route.useNavigate();
  return (
    <ChecklistsScreen
      search={Route.useSearch()}
      onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
