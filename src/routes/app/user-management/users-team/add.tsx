import { createFileRoute } from '@tanstack/react-router';
import { AddTeamScreen } from '@/features/teams/team-form/add-team-screen';
import { loadAddTeam } from '@/features/teams/team-form/route-data';

export const Route = createFileRoute('/app/user-management/users-team/add')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => loadAddTeam(context.queryClient),
  component: AddTeamScreen,
});
