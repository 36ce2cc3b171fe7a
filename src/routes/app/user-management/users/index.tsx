import { ADMIN_DEFAULT_LIMIT } from '@contract/admin-list';
import { userListQuerySchema } from '@contract/admin-list-queries';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadUsers } from '@/features/users/user-list/load-users';
import { UsersScreen } from '@/features/users/user-list/users-screen';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/app/user-management/users/')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: userListQuerySchema,
  // Defaults stay out of the address; what is left is the list as it was, ready to bookmark.
  search: {
    middlewares: [stripSearchParams({ page: 1, limit: ADMIN_DEFAULT_LIMIT, search: '', status: 'all' })],
  },
  loaderDeps: ({ search }) => search,
  // Offline, or when the read fails, the list opens and shows what is saved or says it is not.
  loader: ({ context, deps }) => loadWhenOnline(() => loadUsers(context.queryClient, deps)),
  component: UsersPage,
});

function UsersPage() {
  const navigate = Route.useNavigate();
  return (
    <UsersScreen
      search={Route.useSearch()}
      onSearchChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
