import { userGroupListQuery } from '@contract/user-groups';
import { createFileRoute } from '@tanstack/react-router';
import { groupListQueryOptions } from '@/features/groups/queries';
import { UserGroupsScreen } from '@/features/groups/user-groups-screen';

export const Route = createFileRoute('/app/user-management/users-group')({
  validateSearch: userGroupListQuery,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(groupListQueryOptions(deps)),
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
