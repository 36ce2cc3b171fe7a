import { createFileRoute, notFound } from '@tanstack/react-router';
import { MemberChecklistsScreen } from '@/features/lead-checklists/member-checklists-screen';
import { loadMemberChecklists } from '@/features/lead-checklists/route-data';
import { isUuid } from '@/features/team-dashboard/member-form/route-params';

/** A member's checklists, opened from their card on the team dashboard. */
export const Route = createFileRoute('/user-portal/team-dashboard/members/checklists/$memberId/$teamId/')({
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (!isUuid(params.memberId) || !isUuid(params.teamId)) throw notFound();
  },
  loader: ({ context, params }) => loadMemberChecklists(context.queryClient, params.memberId, params.teamId),
  component: MemberChecklistsPage,
});

function MemberChecklistsPage() {
  const { memberId, teamId } = Route.useParams();
  return <MemberChecklistsScreen key={`${memberId}/${teamId}`} memberId={memberId} teamId={teamId} />;
}
