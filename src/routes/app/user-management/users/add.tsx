import { createFileRoute } from '@tanstack/react-router';
import { AddUserScreen } from '@/features/users/user-form/add-user-screen';
import { loadAddUser } from '@/features/users/user-form/route-data';

export const Route = createFileRoute('/app/user-management/users/add')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => loadAddUser(context.queryClient),
  component: AddUserScreen,
});
