import { createFileRoute, notFound } from '@tanstack/react-router';
import { MemberChecklistScreen } from '@/features/lead-checklists/member-checklist-screen';
import { loadMemberChecklist } from '@/features/lead-checklists/route-data';
import { isUuid } from '@/features/team-dashboard/member-form/route-params';

/** One checklist of a member, where their lead signs its items off. */
export const Route = createFileRoute(
  '/user-portal/team-dashboard/members/checklists/$memberId/$teamId/$checklistId',
)({
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (![params.memberId, params.teamId, params.checklistId].every(isUuid)) throw notFound();
  },
  loader: ({ context, params }) =>
    loadMemberChecklist(context.queryClient, params.memberId, params.teamId, params.checklistId),
  component: MemberChecklistPage,
});

function MemberChecklistPage() {
  const { memberId, teamId, checklistId } = Route.useParams();
  return (
    <MemberChecklistScreen
      key={`${memberId}/${teamId}/${checklistId}`}
      memberId={memberId}
      teamId={teamId}
      checklistId={checklistId}
    />
  );
}
