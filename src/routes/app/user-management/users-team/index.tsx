import { teamListQuerySchema } from '@contract/teams';
import { createFileRoute } from '@tanstack/react-router';
import { teamListOptions } from '@/features/teams/queries';
import { TeamsScreen } from '@/features/teams/team-list/teams-screen';

export const Route = createFileRoute('/app/user-management/users-team/')({
  validateSearch: teamListQuerySchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(teamListOptions(deps)),
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
