import type { RoleDetail, RoleModule } from '@contract/roles';
import { roleCreateSchema, roleUpdateSchema } from '@contract/roles';
import { useNavigate } from '@tanstack/react-router';
import type { WriteResult } from '@/lib/api-client';
import { useRecordForm } from '@/ui/form/use-record-form';
import { type RoleFormValues, toRoleFormValues, toRoleInput } from './form-values';

export type RoleFormMode = 'add' | 'edit';

type UseRoleFormOptions = {
  mode: RoleFormMode;
  modules: RoleModule[];
  initialValues: RoleFormValues;
  save: (values: RoleFormValues) => Promise<WriteResult<RoleDetail>>;
  /** Editing: the current role a stale save brought back. */
  onCurrentRecord?: (role: RoleDetail) => void;
};

const LIST = '/app/user-management/role-permission';

/**
 * The role form. A role above the caller's is answered 409 without a record: the form stays as
 * typed, the server's message toasted.
 */
export function useRoleForm({ mode, modules, initialValues, save, onCurrentRecord }: UseRoleFormOptions) {
  const navigate = useNavigate();
  return useRecordForm({
    defaultValues: initialValues,
    schema: mode === 'add' ? roleCreateSchema : roleUpdateSchema,
    // The contract's schema checks what would be sent, so the form shows the server's own messages.
    validate: { toInput: (value) => ({ ...toRoleInput(value, modules), version: value.version }) },
    save,
    onSaved: () => navigate({ to: LIST }),
    fromRecord: toRoleFormValues,
    onCurrentRecord,
  }).form;
}

export type RoleForm = ReturnType<typeof useRoleForm>;
