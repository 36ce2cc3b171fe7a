import type { RoleDetail, RoleModule } from '@contract/roles';
import { Alert, Stack } from '@mantine/core';
import type { WriteResult } from '@/lib/api-client';
import { AdminFormPage } from '@/ui/admin-list/admin-form-page';
import { firstErrorMessage } from '@/ui/form/field-error';
import type { RoleFormValues } from './form-values';
import { PermissionMatrix } from './permission-matrix';
import { type RoleFormMode, useRoleForm } from './use-role-form';

type RoleFormViewProps = {
  mode: RoleFormMode;
  modules: RoleModule[];
  initialValues: RoleFormValues;
  save: (values: RoleFormValues) => Promise<WriteResult<RoleDetail>>;
  /** Editing: the current role a stale save brought back. */
  onCurrentRecord?: (role: RoleDetail) => void;
  /** The built-in role, or a role the user may not change: shown, not edited. */
  readOnly?: 'system' | 'permission';
};

const texts = {
  add: { title: 'Add Role', submit: 'Save' },
  edit: { title: 'Edit Role', submit: 'Update' },
} as const;

/** Add or edit a role: its name, status and its permission matrix. */
export function RoleFormView({
  mode,
  modules,
  initialValues,
  save,
  onCurrentRecord,
  readOnly,
}: RoleFormViewProps) {
  const form = useRoleForm({ mode, modules, initialValues, save, onCurrentRecord });
  const text = texts[mode];
  const locked = readOnly !== undefined;

  return (
    <AdminFormPage
      list={{ label: 'Roles & Permissions', to: '/app/user-management/role-permission' }}
      title={text.title}
      readOnlyNotice={
        readOnly === 'system' ? (
          <Alert color="blue" title="Built-in role" mb="md">
            This role has every permission on every module. It cannot be changed, unpublished or deleted.
          </Alert>
        ) : readOnly === 'permission' ? (
          <Alert color="gray" mb="md">
            Your role may view this role but not change it.
          </Alert>
        ) : undefined
      }
      onSubmit={() => void form.handleSubmit()}
      submit={
        <form.AppForm>
          <form.SubmitButton>{text.submit}</form.SubmitButton>
        </form.AppForm>
      }
    >
      <Stack gap="md">
        <form.AppField name="name">
          {(field) => <field.TextField label="Role name" required readOnly={locked} maw={420} />}
        </form.AppField>
        <form.AppField name="status">
          {(field) => <field.SwitchField label="Published" disabled={locked} />}
        </form.AppField>
        <form.Field name="permissions">
          {(field) => (
            <PermissionMatrix
              modules={modules}
              value={field.state.value}
              readOnly={locked}
              error={firstErrorMessage(field.state.meta.errors)}
              onChange={(next) => {
                if (field.state.meta.errorMap.onServer !== undefined) {
                  field.setMeta((meta) => ({
                    ...meta,
                    errorMap: { ...meta.errorMap, onServer: undefined },
                  }));
                }
                field.handleChange(next);
              }}
            />
          )}
        </form.Field>
      </Stack>
    </AdminFormPage>
  );
}
