import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Text } from '@mantine/core';
import { Link, type LinkProps, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageTitle } from '../page-title';

export type AdminFormPageProps = {
  /** The list the record belongs to: the breadcrumb links to it and Cancel goes back to it. */
  list: { label: string; to: LinkProps['to'] };
  /** e.g. 'Add New User' or 'Edit Team'. */
  title: string;
  /** The breadcrumb's last step, e.g. 'Add User'; the title when left out. */
  crumb?: string;
  /**
   * Why the record is shown but cannot be changed here (a role without the permission, a built-in
   * record). The fields are disabled and nothing is sent: a 403 from the server would end the session.
   */
  readOnlyNotice?: ReactNode;
  onSubmit: () => void;
  /** The submit button, e.g. the app form's `SubmitButton`; left out while read only. */
  submit: ReactNode;
  children: ReactNode;
};

/**
 * The add and edit screens of the administration: breadcrumb, title, the fields on a card and
 * Cancel / submit below them, where the top-right toasts cannot cover the buttons.
 *
 *   <AdminFormPage list={{ label: 'Users', to: '/app/user-management/users' }} title="Edit User"
 *     crumb="Edit User" readOnlyNotice={allowed ? undefined : 'Your role may ...'}
 *     onSubmit={() => void form.handleSubmit()}
 *     submit={<form.AppForm><form.SubmitButton>Update</form.SubmitButton></form.AppForm>}>
 *     <UserFields form={form} />
 *   </AdminFormPage>
 */
export function AdminFormPage({
  list,
  title,
  crumb,
  readOnlyNotice,
  onSubmit,
  submit,
  children,
}: AdminFormPageProps) {
  const navigate = useNavigate();
  const readOnly = readOnlyNotice !== undefined;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) onSubmit();
      }}
    >
      <nav aria-label="Breadcrumb">
        <Breadcrumbs mb="xs">
          <Anchor renderRoot={(props) => <Link to={list.to} {...props} />}>{list.label}</Anchor>
          <Text aria-current="page">{crumb ?? title}</Text>
        </Breadcrumbs>
      </nav>
      <PageTitle>{title}</PageTitle>
      {readOnlyNotice}
      <Paper withBorder p="lg" radius="md">
        {/* A disabled fieldset disables every input inside it, the selects' included. */}
        <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          {children}
        </fieldset>
      </Paper>
      <Group gap="sm" justify="flex-end" mt="md">
        <Button variant="default" onClick={() => void navigate({ to: list.to })}>
          {readOnly ? 'Back' : 'Cancel'}
        </Button>
        {!readOnly && submit}
      </Group>
    </form>
  );
}

/**
 * The read-only notice of a form opened by its address without the permission: the form is shown
 * but not sent, since the server's 403 would end the session.
 */
export function RoleDeniedNotice({
  mode,
  noun,
  plural,
}: {
  mode: 'add' | 'edit';
  noun: string;
  plural: string;
}) {
  return (
    <Alert color="gray" mb="md">
      {mode === 'add'
        ? `Your role may not add ${plural}.`
        : `Your role may view this ${noun} but not change it.`}
    </Alert>
  );
}
