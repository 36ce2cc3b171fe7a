import { isUuid } from '@contract/validation';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditRoleScreen } from '@/features/administrator-roles/edit-role-screen';
import { roleDetailOptions, roleModulesOptions } from '@/features/administrator-roles/queries';

export const Route = createFileRoute('/app/user-management/role-permission/edit/$adminstrationRoleId')({
  // The loader and its queries ship with the screen, not in the first-load bundle.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (!isUuid(params.adminstrationRoleId)) throw notFound();
  },
  // The record is read again on every visit: an admin editing a role must start from its current version.
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(roleModulesOptions()),
      context.queryClient.fetchQuery(roleDetailOptions(params.adminstrationRoleId)),
    ]),
  component: EditRolePage,
});

function EditRolePage() {
  const { adminstrationRoleId } = Route.useParams();
  return <EditRoleScreen key={adminstrationRoleId} roleId={adminstrationRoleId} />;
}
