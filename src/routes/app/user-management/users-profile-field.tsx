import { profileFieldListQuery } from '@contract/admin-list-queries';
import { createFileRoute } from '@tanstack/react-router';
import { ProfileFieldsScreen } from '@/features/profile-fields/profile-fields-screen';
import { profileFieldListQueryOptions } from '@/features/profile-fields/queries';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/app/user-management/users-profile-field')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: profileFieldListQuery,
  loaderDeps: ({ search }) => search,
  // Offline, or when the read fails, the list opens and shows what is saved or says it is not.
  loader: ({ context, deps }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(profileFieldListQueryOptions(deps))),
  component: ProfileFieldsPage,
});

function ProfileFieldsPage() {
  const navigate = Route.useNavigate();
  return (
    <ProfileFieldsScreen
      search={Route.useSearch()}
      onSearchChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
    />
  );
}
