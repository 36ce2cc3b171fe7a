import type { PublishedProfileField, UserDetail } from '@contract/users';
import { revalidateLogic } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { useAppForm } from '@/ui/form/app-form';
import { applyServerErrors, placeFieldErrors } from '@/ui/form/server-errors';
import {
  conflictStep,
  toCreateInput,
  toUpdateInput,
  toUserFormValues,
  type UserFormMode,
  type UserFormValues,
  userFormErrors,
} from './form-values';
import { useCreateUser, useUpdateUser } from './mutations';

type UseUserFormOptions = {
  mode: UserFormMode;
  initialValues: UserFormValues;
  profileFields: readonly PublishedProfileField[];
  /** Editing: the user's id and a way to read the record again after a stale-version conflict. */
  userId?: string;
  reload?: () => Promise<UserDetail>;
};

/** The user form: the contract's rules on submit, then on every change; a save goes back to the list. */
export function useUserForm({ mode, initialValues, profileFields, userId, reload }: UseUserFormOptions) {
  const navigate = useNavigate();
  const create = useCreateUser();
  const update = useUpdateUser(userId ?? '');
  // The form re-applies changed default values on render, so a reset must change them too.
  const [defaultValues, setDefaultValues] = useState(initialValues);

  const form = useAppForm({
    defaultValues,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: {
      onDynamic: ({ value }: { value: UserFormValues }) => {
        const fields = userFormErrors(mode, value, profileFields);
        return Object.keys(fields).length > 0 ? { fields } : undefined;
      },
    },
    onSubmit: async ({ value, formApi }) => {
      try {
        // Answered or kept for later by the outbox, the change is on its way: back to the list.
        if (mode === 'add') await create.mutateAsync(toCreateInput(value, profileFields));
        else await update.mutateAsync(toUpdateInput(value, profileFields, value.version ?? 1));
        await navigate({ to: '/app/user-management/users' });
      } catch (error) {
        if (applyServerErrors(formApi, error) || !isApiError(error) || error.status !== 409) return;
        // The api client already toasted the server's message.
        const step = conflictStep(error);
        if (step === 'fields') {
          // A 409's field messages (a taken email) under their fields.
          placeFieldErrors(formApi, error.errors);
        } else if (step === 'reload' && reload) {
          // Stale version: show the record as it is now. Any other 409 (a user above the caller)
          // leaves the form as typed.
          const current = await reload().catch(() => null);
          if (current) {
            const next = toUserFormValues(current);
            setDefaultValues(next);
            formApi.reset(next);
          }
        }
      }
    },
  });

  return form;
}

export type UserForm = ReturnType<typeof useUserForm>;
