import { userGroupListQuery } from '@contract/admin-list-queries';
import { createFileRoute } from '@tanstack/react-router';
import { groupListQueryOptions } from '@/features/user-groups/queries';
import { UserGroupsScreen } from '@/features/user-groups/user-groups-screen';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/app/user-management/users-group')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: userGroupListQuery,
  loaderDeps: ({ search }) => search,
  // Offline, or when the read fails, the list opens and shows what is saved or says it is not.
  loader: ({ context, deps }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(groupListQueryOptions(deps))),
  component: UserGroupsPage,
});

function UserGroupsPage() {
  const navigate = Route.useNavigate();
  return (
    <UserGroupsScreen
      search={Route.useSearch()}
      onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
