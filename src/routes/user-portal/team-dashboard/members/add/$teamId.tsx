import { createFileRoute, notFound } from '@tanstack/react-router';
import { AddMemberScreen } from '@/features/team-dashboard/member-form/add-member-screen';
import { loadAddMember } from '@/features/team-dashboard/member-form/route-data';
import { isUuid } from '@/features/team-dashboard/member-form/route-params';

export const Route = createFileRoute('/user-portal/team-dashboard/members/add/$teamId')({
  // The loader rides with the screen: the form's queries stay out of the app's first load.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (!isUuid(params.teamId)) throw notFound();
  },
  loader: ({ context }) => loadAddMember(context.queryClient),
  component: AddMemberPage,
});

function AddMemberPage() {
  const { teamId } = Route.useParams();
  return <AddMemberScreen key={teamId} teamId={teamId} />;
}
