import { roleListQuerySchema } from '@contract/roles';
import { createFileRoute } from '@tanstack/react-router';
import { roleListOptions } from '@/features/roles/queries';
import { RolesScreen } from '@/features/roles/roles-screen';

export const Route = createFileRoute('/app/user-management/role-permission/')({
  validateSearch: roleListQuerySchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(roleListOptions(deps)),
  component: RolePermissionsPage,
});

function RolePermissionsPage() {
  const navigate = Route.useNavigate();
  return (
    <RolesScreen
      search={Route.useSearch()}
      onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
