import { createFileRoute } from '@tanstack/react-router';
import { LearnerDashboardScreen } from '@/features/learner-dashboard/learner-dashboard-screen';
import { myChecklistsOptions, myTrainingOptions } from '@/features/learner-dashboard/queries';
import { loadWhenOnline } from '@/lib/online-state';

export const Route = createFileRoute('/user-portal/user-dashboard')({
  codeSplitGroupings: [['loader', 'component']],
  // Offline the saved trainings show; the screen says what it could not read.
  loader: ({ context }) =>
    loadWhenOnline(() =>
      Promise.all([
        context.queryClient.ensureQueryData(myTrainingOptions()),
        context.queryClient.ensureQueryData(myChecklistsOptions()),
      ]),
    ),
  component: LearnerDashboardScreen,
});
