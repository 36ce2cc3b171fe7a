import type { MemberDetail } from '@contract/member';
import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Text } from '@mantine/core';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import type { WriteResult } from '@/lib/api-client';
import { PageTitle } from '@/ui/page-title';
import { isReadOnlyMember, type MemberFormValues, memberReadOnlyNotice } from './form-values';
import { MemberFields } from './member-fields';
import { type MemberFormMode, useMemberForm } from './use-member-form';

type MemberFormProps = {
  mode: MemberFormMode;
  teamId: string;
  initialValues: MemberFormValues;
  save: (values: MemberFormValues) => Promise<WriteResult<MemberDetail>>;
  record?: MemberDetail;
  /** Editing: the current member a stale save brought back. */
  onCurrentRecord?: (member: MemberDetail) => void;
};

const texts = {
  add: { crumb: 'Add Member', title: 'Add New Member', stay: 'Save & New', close: 'Save' },
  edit: { crumb: 'Edit Member', title: 'Edit Member', stay: 'Update', close: 'Update & Close' },
} as const;

/**
 * The Add/Edit Member screen (spec 2): breadcrumb, title, the three buttons and the fields. A member
 * the lead may not change is shown read-only, with Cancel alone: the server would answer 403.
 */
export function MemberFormView({
  mode,
  teamId,
  initialValues,
  save,
  record,
  onCurrentRecord,
}: MemberFormProps) {
  const router = useRouter();
  const navigate = useNavigate();
  // From the record as it is now: a reload after a conflict or a save may change it.
  const readOnly = mode === 'edit' && isReadOnlyMember(record);
  const { form, pendingAction, generation } = useMemberForm({
    mode,
    teamId,
    initialValues,
    save,
    onCurrentRecord,
    readOnly,
  });
  const text = texts[mode];

  const cancel = () => {
    if (router.history.canGoBack()) router.history.back();
    else void navigate({ to: '/user-portal/team-dashboard', search: { team: teamId } });
  };

  return (
    <form.AppForm>
      <form.Form>
        <nav aria-label="Breadcrumb">
          <Breadcrumbs mb="xs">
            <Anchor
              renderRoot={(props) => (
                <Link to="/user-portal/team-dashboard" search={{ team: teamId }} {...props} />
              )}
            >
              Team Dashboard
            </Anchor>
            <Text aria-current="page">{text.crumb}</Text>
          </Breadcrumbs>
        </nav>
        <PageTitle>{text.title}</PageTitle>
        {readOnly ? (
          <Alert color="gray" mb="md">
            {memberReadOnlyNotice}
          </Alert>
        ) : null}
        <Paper withBorder p="lg" radius="md">
          {/* A disabled fieldset disables every input inside it; the selects are told too. */}
          <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <MemberFields
              form={form}
              mode={mode}
              record={record}
              generation={generation}
              disabled={readOnly}
            />
          </fieldset>
        </Paper>
        {/* Below the fields: the toasts at the top right would cover buttons placed there. */}
        <Group gap="sm" justify="flex-end" mt="md">
          <Button variant="default" onClick={cancel} disabled={pendingAction !== null}>
            Cancel
          </Button>
          {readOnly ? null : (
            <>
              <Button
                variant="light"
                loading={pendingAction === 'stay'}
                disabled={pendingAction === 'close'}
                onClick={() => void form.handleSubmit({ action: 'stay' })}
              >
                {text.stay}
              </Button>
              <Button type="submit" loading={pendingAction === 'close'} disabled={pendingAction === 'stay'}>
                {text.close}
              </Button>
            </>
          )}
        </Group>
      </form.Form>
    </form.AppForm>
  );
}
