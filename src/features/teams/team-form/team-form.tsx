import type { TeamDetail } from '@contract/teams';
import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCan } from '@/ui/admin-list/use-can';
import { PageTitle } from '@/ui/page-title';
import type { TeamFormValues } from './form-values';
import { TeamFields } from './team-fields';
import { useTeamForm } from './use-team-form';

type TeamFormViewProps = {
  initialValues: TeamFormValues;
  /** Editing: the team as read, for its id and the labels of its choices. */
  record?: TeamDetail;
  reload?: () => Promise<TeamDetail>;
};

const texts = {
  add: { crumb: 'Add Team', title: 'Add New Team', submit: 'Save' },
  edit: { crumb: 'Edit Team', title: 'Edit Team', submit: 'Update' },
} as const;

/** The Add/Edit Team screen: breadcrumb, title, the fields and Cancel / Save. */
export function TeamFormView({ initialValues, record, reload }: TeamFormViewProps) {
  const navigate = useNavigate();
  const form = useTeamForm({ initialValues, teamId: record?._id, reload });
  const mode = record ? 'edit' : 'add';
  const text = texts[mode];
  // Opened by its address without the permission: the form is shown but not sent, since the
  // server's 403 would end the session.
  const allowed = useCan('users-team', mode);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (allowed) void form.handleSubmit();
      }}
    >
      <nav aria-label="Breadcrumb">
        <Breadcrumbs mb="xs">
          <Anchor renderRoot={(props) => <Link to="/app/user-management/users-team" {...props} />}>
            Teams
          </Anchor>
          <Text aria-current="page">{text.crumb}</Text>
        </Breadcrumbs>
      </nav>
      <PageTitle>{text.title}</PageTitle>
      {!allowed && (
        <Alert color="gray" mb="md">
          {mode === 'add'
            ? 'Your role may not add teams.'
            : 'Your role may view this team but not change it.'}
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        {/* A disabled fieldset disables every input inside it, the selects' included. */}
        <fieldset disabled={!allowed} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <TeamFields form={form} record={record} />
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
                onClick={() => void navigate({ to: '/app/user-management/users-team' })}
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
