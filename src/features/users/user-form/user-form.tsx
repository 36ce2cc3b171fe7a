import { type PublishedProfileField, type UserDetail, userResource } from '@contract/users';
import { AdminFormPage, RoleDeniedNotice } from '@/ui/admin-list/admin-form-page';
import { useCan } from '@/ui/admin-list/use-can';
import type { UserFormMode, UserFormValues } from './form-values';
import { useUserForm } from './use-user-form';
import { UserFields } from './user-fields';

type UserFormViewProps = {
  mode: UserFormMode;
  initialValues: UserFormValues;
  profileFields: readonly PublishedProfileField[];
  record?: UserDetail;
  /** Editing: the current user a stale save brought back. */
  onCurrentRecord?: (user: UserDetail) => void;
};

const texts = {
  add: { crumb: 'Add User', title: 'Add New User', submit: 'Save' },
  edit: { crumb: 'Edit User', title: 'Edit User', submit: 'Update' },
} as const;

/** The Add/Edit User screen: breadcrumb, title, the fields and Cancel / Save. */
export function UserFormView({
  mode,
  initialValues,
  profileFields,
  record,
  onCurrentRecord,
}: UserFormViewProps) {
  const form = useUserForm({ mode, initialValues, profileFields, userId: record?._id, onCurrentRecord });
  const text = texts[mode];
  const allowed = useCan(userResource, mode);

  return (
    <AdminFormPage
      list={{ label: 'Users', to: '/app/user-management/users' }}
      title={text.title}
      crumb={text.crumb}
      readOnlyNotice={allowed ? undefined : <RoleDeniedNotice mode={mode} noun="user" plural="users" />}
      onSubmit={() => void form.handleSubmit()}
      submit={
        <form.AppForm>
          <form.SubmitButton>{text.submit}</form.SubmitButton>
        </form.AppForm>
      }
    >
      <UserFields form={form} mode={mode} profileFields={profileFields} record={record} />
    </AdminFormPage>
  );
}
