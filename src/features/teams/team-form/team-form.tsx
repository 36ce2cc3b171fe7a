import { type TeamDetail, teamResource } from '@contract/teams';
import { AdminFormPage, RoleDeniedNotice } from '@/ui/admin-list/admin-form-page';
import { useCan } from '@/ui/admin-list/use-can';
import type { TeamFormValues } from './form-values';
import { TeamFields } from './team-fields';
import { useTeamForm } from './use-team-form';

type TeamFormViewProps = {
  initialValues: TeamFormValues;
  /** Editing: the team as read, for its id and the labels of its choices. */
  record?: TeamDetail;
  /** Editing: the current team a stale save brought back. */
  onCurrentRecord?: (team: TeamDetail) => void;
};

const texts = {
  add: { crumb: 'Add Team', title: 'Add New Team', submit: 'Save' },
  edit: { crumb: 'Edit Team', title: 'Edit Team', submit: 'Update' },
} as const;

/** The Add/Edit Team screen: breadcrumb, title, the fields and Cancel / Save. */
export function TeamFormView({ initialValues, record, onCurrentRecord }: TeamFormViewProps) {
  const form = useTeamForm({ initialValues, record, onCurrentRecord });
  const mode = record ? 'edit' : 'add';
  const text = texts[mode];
  const allowed = useCan(teamResource, mode);

  return (
    <AdminFormPage
      list={{ label: 'Teams', to: '/app/user-management/users-team' }}
      title={text.title}
      crumb={text.crumb}
      readOnlyNotice={allowed ? undefined : <RoleDeniedNotice mode={mode} noun="team" plural="teams" />}
      onSubmit={() => void form.handleSubmit()}
      submit={
        <form.AppForm>
          <form.SubmitButton>{text.submit}</form.SubmitButton>
        </form.AppForm>
      }
    >
      <TeamFields form={form} record={record} />
    </AdminFormPage>
  );
}
