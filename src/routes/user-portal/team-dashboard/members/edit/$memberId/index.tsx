import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { EditMemberScreen } from '@/features/team-dashboard/member-form/edit-member-screen';
import { loadEditMember } from '@/features/team-dashboard/member-form/route-data';
import { isUuid, memberEditSearchSchema } from '@/features/team-dashboard/member-form/route-params';

/** The edit screen as other places link to it: the team in `?team=`; without one, the dashboard. */
export const Route = createFileRoute('/user-portal/team-dashboard/members/edit/$memberId/')({
  // The loader rides with the screen: the form's queries stay out of the app's first load.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: memberEditSearchSchema,
  beforeLoad: ({ params, search }) => {
    if (!isUuid(params.memberId)) throw notFound();
    if (!search.team) throw redirect({ to: '/user-portal/team-dashboard' });
  },
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context, params, deps }) =>
    deps.team ? loadEditMember(context.queryClient, params.memberId, deps.team) : undefined,
  component: EditMemberByQueryPage,
});

function EditMemberByQueryPage() {
  const { memberId } = Route.useParams();
  const { team } = Route.useSearch();
  if (!team) return null;
  return <EditMemberScreen key={`${memberId}/${team}`} memberId={memberId} teamId={team} />;
}
