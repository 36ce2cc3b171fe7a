import { createFileRoute } from '@tanstack/react-router';
import { ObservingScreen } from '@/features/learner-checklists/observing-screen';
import { observingOptions } from '@/features/learner-checklists/queries';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/user-portal/observing/')({
  codeSplitGroupings: [['loader', 'component']],
  // Offline, the saved list shows; the screen says what it could not read.
  loader: ({ context }) => loadWhenOnline(() => context.queryClient.ensureQueryData(observingOptions())),
  component: ObservingScreen,
});
