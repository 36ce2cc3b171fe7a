import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditMemberScreen } from '@/features/team-dashboard/member-form/edit-member-screen';
import { loadEditMember } from '@/features/team-dashboard/member-form/route-data';
import { isUuid, memberEditSearchSchema } from '@/features/team-dashboard/member-form/route-params';

/** The team in the path wins over a `?team=` also given. */
export const Route = createFileRoute('/user-portal/team-dashboard/members/edit/$memberId/$teamId')({
  // The loader rides with the screen: the form's queries stay out of the app's first load.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: memberEditSearchSchema,
  beforeLoad: ({ params }) => {
    if (!isUuid(params.memberId) || !isUuid(params.teamId)) throw notFound();
  },
  loader: ({ context, params }) => loadEditMember(context.queryClient, params.memberId, params.teamId),
  component: EditMemberPage,
});

function EditMemberPage() {
  const { memberId, teamId } = Route.useParams();
  return <EditMemberScreen key={`${memberId}/${teamId}`} memberId={memberId} teamId={teamId} />;
}
