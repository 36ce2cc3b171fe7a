import { isUuid } from '@contract/validation';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditUserScreen } from '@/features/users/user-form/edit-user-screen';
import { loadEditUser } from '@/features/users/user-form/route-data';

export const Route = createFileRoute('/app/user-management/users/edit/$userId')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (!isUuid(params.userId)) throw notFound();
  },
  loader: ({ context, params }) => loadEditUser(context.queryClient, params.userId),
  component: EditUserPage,
});

function EditUserPage() {
  const { userId } = Route.useParams();
  return <EditUserScreen key={userId} userId={userId} />;
}
