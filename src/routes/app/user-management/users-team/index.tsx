import { teamListQuerySchema } from '@contract/admin-list-queries';
import { createFileRoute } from '@tanstack/react-router';
import { teamListOptions } from '@/features/teams/queries';
import { TeamsScreen } from '@/features/teams/team-list/teams-screen';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/app/user-management/users-team/')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: teamListQuerySchema,
  loaderDeps: ({ search }) => search,
  // Offline, or when the read fails, the list opens and shows what is saved or says it is not.
  loader: ({ context, deps }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(teamListOptions(deps))),
  component: TeamsPage,
});

function TeamsPage() {
  const navigate = Route.useNavigate();
  return (
    <TeamsScreen
      search={Route.useSearch()}
      onSearchChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
