import type { RoleDetail, RoleModule } from '@contract/roles';
import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import type { WriteResult } from '@/lib/api-client';
import { firstErrorMessage } from '@/ui/form/field-error';
import { PageTitle } from '@/ui/page-title';
import type { RoleFormValues } from './form-values';
import { PermissionMatrix } from './permission-matrix';
import { type RoleFormMode, useRoleForm } from './use-role-form';

type RoleFormViewProps = {
  mode: RoleFormMode;
  modules: RoleModule[];
  initialValues: RoleFormValues;
  save: (values: RoleFormValues) => Promise<WriteResult<RoleDetail>>;
  reload?: () => Promise<RoleDetail>;
  /** The built-in role, or a role the user may not change: shown, not edited. */
  readOnly?: 'system' | 'permission';
};

const LIST = '/app/user-management/role-permission';
const texts = {
  add: { title: 'Add Role', submit: 'Save' },
  edit: { title: 'Edit Role', submit: 'Update' },
} as const;

/** Add or edit a role: its name, status and its permission matrix. */
export function RoleFormView({ mode, modules, initialValues, save, reload, readOnly }: RoleFormViewProps) {
  const navigate = useNavigate();
  const form = useRoleForm({ mode, modules, initialValues, save, reload });
  const text = texts[mode];
  const locked = readOnly !== undefined;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <nav aria-label="Breadcrumb">
        <Breadcrumbs mb="xs">
          <Text>User Management</Text>
          <Anchor renderRoot={(props) => <Link to={LIST} {...props} />}>Roles & Permissions</Anchor>
          <Text aria-current="page">{text.title}</Text>
        </Breadcrumbs>
      </nav>
      <PageTitle>{text.title}</PageTitle>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          {readOnly === 'system' && (
            <Alert color="blue" title="Built-in role">
              This role has every permission on every module. It cannot be changed, unpublished or deleted.
            </Alert>
          )}
          {readOnly === 'permission' && (
            <Alert color="gray">Your role may view this role but not change it.</Alert>
          )}
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
      </Paper>
      <Group gap="sm" justify="flex-end" mt="md">
        <Button variant="default" onClick={() => void navigate({ to: LIST })}>
          {locked ? 'Back' : 'Cancel'}
        </Button>
        {!locked && (
          <form.AppForm>
            <form.SubmitButton>{text.submit}</form.SubmitButton>
          </form.AppForm>
        )}
      </Group>
    </form>
  );
}
