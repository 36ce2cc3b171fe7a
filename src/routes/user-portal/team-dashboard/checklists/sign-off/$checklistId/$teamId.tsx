import { createFileRoute, notFound } from '@tanstack/react-router';
import { BulkSignOffScreen } from '@/features/lead-checklists/bulk-sign-off-screen';
import { loadBulkSignOff } from '@/features/lead-checklists/route-data';
import { isUuid } from '@/features/team-dashboard/member-form/route-params';

/** Sign off one item of a checklist for several members of the team at once. */
export const Route = createFileRoute('/user-portal/team-dashboard/checklists/sign-off/$checklistId/$teamId')({
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (!isUuid(params.checklistId) || !isUuid(params.teamId)) throw notFound();
  },
  loader: ({ context, params }) => loadBulkSignOff(context.queryClient, params.checklistId, params.teamId),
  component: BulkSignOffPage,
});

function BulkSignOffPage() {
  const { checklistId, teamId } = Route.useParams();
  return <BulkSignOffScreen key={`${checklistId}/${teamId}`} checklistId={checklistId} teamId={teamId} />;
}
