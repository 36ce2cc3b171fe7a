import { isUuid } from '@contract/validation';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditTeamScreen } from '@/features/teams/team-form/edit-team-screen';
import { loadEditTeam } from '@/features/teams/team-form/route-data';

export const Route = createFileRoute('/app/user-management/users-team/edit/$teamId')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (!isUuid(params.teamId)) throw notFound();
  },
  loader: ({ context, params }) => loadEditTeam(context.queryClient, params.teamId),
  component: EditTeamPage,
});

function EditTeamPage() {
  const { teamId } = Route.useParams();
  return <EditTeamScreen key={teamId} teamId={teamId} />;
}
