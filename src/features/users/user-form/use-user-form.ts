import type { PublishedProfileField, UserDetail } from '@contract/users';
import { useNavigate } from '@tanstack/react-router';
import { useRecordForm } from '@/ui/form/use-record-form';
import {
  toCreateInput,
  toUpdateInput,
  toUserFormValues,
  type UserFormMode,
  type UserFormValues,
  userFormChecks,
  userFormSchema,
} from './form-values';
import { useCreateUser, useUpdateUser } from './mutations';

type UseUserFormOptions = {
  mode: UserFormMode;
  initialValues: UserFormValues;
  profileFields: readonly PublishedProfileField[];
  /** Editing: the user's id. */
  userId?: string;
  /** Editing: the current user a stale save brought back. */
  onCurrentRecord?: (user: UserDetail) => void;
};

/**
 * The user form: the contract's rules on submit, then on every change; a save goes back to the list.
 * A 409 about a value (a taken email) shows under its field; one about a user above the caller's
 * role leaves the form as typed.
 */
export function useUserForm({
  mode,
  initialValues,
  profileFields,
  userId,
  onCurrentRecord,
}: UseUserFormOptions) {
  const navigate = useNavigate();
  const create = useCreateUser();
  const update = useUpdateUser(userId ?? '');

  return useRecordForm({
    defaultValues: initialValues,
    schema: userFormSchema(mode),
    validate: userFormChecks(mode, profileFields),
    save: (values: UserFormValues) =>
      mode === 'add'
        ? create.mutateAsync(toCreateInput(values, profileFields))
        : update.mutateAsync(toUpdateInput(values, profileFields, values.version ?? 1)),
    // Answered or kept for later by the outbox, the change is on its way: back to the list.
    onSaved: () => navigate({ to: '/app/user-management/users' }),
    fromRecord: toUserFormValues,
    onCurrentRecord,
  }).form;
}

export type UserForm = ReturnType<typeof useUserForm>;
