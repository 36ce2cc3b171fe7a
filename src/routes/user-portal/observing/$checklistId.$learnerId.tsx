import { createFileRoute } from '@tanstack/react-router';
import { ObservedChecklistScreen } from '@/features/learner-checklists/observed-checklist-screen';
import { observedChecklistOptions } from '@/features/learner-checklists/queries';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/user-portal/observing/$checklistId/$learnerId')({
  codeSplitGroupings: [['loader', 'component']],
  // Offline, the saved checklist shows; the screen says what it could not read.
  loader: ({ context, params }) =>
    loadWhenOnline(() =>
      context.queryClient.ensureQueryData(observedChecklistOptions(params.checklistId, params.learnerId)),
    ),
  component: ObservedChecklistRoute,
});

function ObservedChecklistRoute() {
  const { checklistId, learnerId } = Route.useParams();
  return <ObservedChecklistScreen checklistId={checklistId} learnerId={learnerId} />;
}
