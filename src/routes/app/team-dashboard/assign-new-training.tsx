import { createFileRoute } from '@tanstack/react-router';
import { assignTrainingSearchSchema } from '@/features/team-dashboard/search';
import { AssignTrainingScreen } from '@/features/team-dashboard/trainings/assign-training-screen';
import { loadAssignTraining } from '@/features/team-dashboard/trainings/load-assign-training';

/** Team leads reach this screen although it sits in the administration area; see the gate in ../../app.tsx. */
export const Route = createFileRoute('/app/team-dashboard/assign-new-training')({
  // The loader and its queries ship with the screen, not in the first-load bundle every route pays for.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: assignTrainingSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadAssignTraining(context.queryClient, deps),
  component: AssignTrainingScreen,
});
