import { useSuspenseQuery } from '@tanstack/react-query';
import { emptyRoleValues, toRoleInput } from './form-values';
import { roleModulesOptions, useCreateRole } from './queries';
import { RoleFormView } from './role-form';

export function AddRoleScreen() {
  const { data: modules } = useSuspenseQuery(roleModulesOptions());
  const createRole = useCreateRole();
  return (
    <RoleFormView
      mode="add"
      modules={modules}
      initialValues={emptyRoleValues()}
      save={(values) => createRole.mutateAsync(toRoleInput(values, modules))}
    />
  );
}
