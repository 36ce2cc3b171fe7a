import { messages } from '@contract/messages';
import { administratorRoleResource } from '@contract/roles';
import { Alert } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useCan } from '@/ui/admin-list/use-can';
import { PageTitle } from '@/ui/page-title';
import { emptyRoleValues, toRoleInput } from './form-values';
import { roleModulesOptions, useCreateRole } from './queries';
import { RoleFormView } from './role-form';

export function AddRoleScreen() {
  const canAdd = useCan(administratorRoleResource, 'add');
  const { data: modules } = useSuspenseQuery(roleModulesOptions());
  const createRole = useCreateRole();
  // Opened by URL without the permission: say so here, since the server's 403 would end the session.
  if (!canAdd) {
    return (
      <>
        <PageTitle>Add Role</PageTitle>
        <Alert color="red">{messages.forbidden}</Alert>
      </>
    );
  }
  return (
    <RoleFormView
      mode="add"
      modules={modules}
      initialValues={emptyRoleValues()}
      save={(values) => createRole.mutateAsync(toRoleInput(values, modules))}
    />
  );
}
