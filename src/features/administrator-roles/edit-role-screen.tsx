import { administratorRoleResource } from '@contract/roles';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '@/ui/admin-list/use-can';
import { toRoleFormValues, toRoleInput } from './form-values';
import { roleDetailOptions, roleModulesOptions, useUpdateRole } from './queries';
import { RoleFormView } from './role-form';

export function EditRoleScreen({ roleId }: { roleId: string }) {
  const queryClient = useQueryClient();
  const { data: modules } = useSuspenseQuery(roleModulesOptions());
  const { data: role } = useSuspenseQuery(roleDetailOptions(roleId));
  const canEdit = useCan(administratorRoleResource, 'edit');
  const updateRole = useUpdateRole(roleId);
  // The form starts from the record as loaded; a stale save starts it over from the current one.
  const [initialValues] = useState(() => toRoleFormValues(role));

  return (
    <RoleFormView
      mode="edit"
      modules={modules}
      initialValues={initialValues}
      readOnly={role.isSystem ? 'system' : canEdit ? undefined : 'permission'}
      save={(values) => updateRole.mutateAsync({ ...toRoleInput(values, modules), version: values.version })}
      onCurrentRecord={(current) => queryClient.setQueryData(roleDetailOptions(roleId).queryKey, current)}
    />
  );
}
