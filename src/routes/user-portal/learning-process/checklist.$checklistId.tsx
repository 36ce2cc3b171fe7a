import { createFileRoute } from '@tanstack/react-router';
import { LearnerChecklistScreen } from '@/features/learner-checklists/learner-checklist-screen';
import { myChecklistOptions } from '@/features/learner-checklists/queries';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/user-portal/learning-process/checklist/$checklistId')({
  codeSplitGroupings: [['loader', 'component']],
  // Offline, the saved checklist shows; the screen says what it could not read.
  loader: ({ context, params }) =>
    loadWhenOnline(() => context.queryClient.ensureQueryData(myChecklistOptions(params.checklistId))),
  component: LearnerChecklistRoute,
});

function LearnerChecklistRoute() {
  const { checklistId } = Route.useParams();
  return <LearnerChecklistScreen checklistId={checklistId} />;
}
