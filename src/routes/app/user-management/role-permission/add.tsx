import { createFileRoute } from '@tanstack/react-router';
import { AddRoleScreen } from '@/features/administrator-roles/add-role-screen';
import { roleModulesOptions } from '@/features/administrator-roles/queries';

export const Route = createFileRoute('/app/user-management/role-permission/add')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => context.queryClient.ensureQueryData(roleModulesOptions()),
  component: AddRoleScreen,
});
