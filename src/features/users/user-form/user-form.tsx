import type { PublishedProfileField, UserDetail } from '@contract/users';
import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCan } from '@/ui/admin-list/use-can';
import { PageTitle } from '@/ui/page-title';
import type { UserFormMode, UserFormValues } from './form-values';
import { useUserForm } from './use-user-form';
import { UserFields } from './user-fields';

type UserFormViewProps = {
  mode: UserFormMode;
  initialValues: UserFormValues;
  profileFields: readonly PublishedProfileField[];
  record?: UserDetail;
  reload?: () => Promise<UserDetail>;
};

const texts = {
  add: { crumb: 'Add User', title: 'Add New User', submit: 'Save' },
  edit: { crumb: 'Edit User', title: 'Edit User', submit: 'Update' },
} as const;

/** The Add/Edit User screen: breadcrumb, title, the fields and Cancel / Save. */
export function UserFormView({ mode, initialValues, profileFields, record, reload }: UserFormViewProps) {
  const navigate = useNavigate();
  const form = useUserForm({ mode, initialValues, profileFields, userId: record?._id, reload });
  const text = texts[mode];
  // Opened by its address without the permission: the form is shown but not sent, since the
  // server's 403 would end the session.
  const allowed = useCan('users', mode);

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
          <Anchor renderRoot={(props) => <Link to="/app/user-management/users" {...props} />}>Users</Anchor>
          <Text aria-current="page">{text.crumb}</Text>
        </Breadcrumbs>
      </nav>
      <PageTitle>{text.title}</PageTitle>
      {!allowed && (
        <Alert color="gray" mb="md">
          {mode === 'add'
            ? 'Your role may not add users.'
            : 'Your role may view this user but not change it.'}
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        {/* A disabled fieldset disables every input inside it, the selects' included. */}
        <fieldset disabled={!allowed} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <UserFields form={form} mode={mode} profileFields={profileFields} record={record} />
        </fieldset>
      </Paper>
      {/* Below the fields: the toasts at the top right would cover buttons placed there. */}
      <Group gap="sm" justify="flex-end" mt="md">
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(submitting) => (
            <>
              <Button
                variant="default"
                disabled={submitting}
                onClick={() => void navigate({ to: '/app/user-management/users' })}
              >
                Cancel
              </Button>
              {allowed && (
                <Button type="submit" loading={submitting}>
                  {text.submit}
                </Button>
              )}
            </>
          )}
        </form.Subscribe>
      </Group>
    </form>
  );
}
