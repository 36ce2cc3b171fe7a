import { roleListQuerySchema } from '@contract/admin-list-queries';
import { createFileRoute } from '@tanstack/react-router';
import { roleListOptions } from '@/features/administrator-roles/queries';
import { RolesScreen } from '@/features/administrator-roles/roles-screen';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/app/user-management/role-permission/')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: roleListQuerySchema,
  loaderDeps: ({ search }) => search,
  // Offline, or when the read fails, the list opens and shows what is saved or says it is not.
  loader: ({ context, deps }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(roleListOptions(deps))),
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
