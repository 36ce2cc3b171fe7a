import { userGroupSchema } from '@contract/user-groups';
import { revalidateLogic } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { useAppForm } from '@/ui/form/app-form';
import { schemaValidator } from '@/ui/form/schema-validator';
import { applyServerErrors } from '@/ui/form/server-errors';
import { groupInformationQueryOptions, useCreateGroup, useUpdateGroup } from './queries';

export type GroupFormValues = { name: string; version: number };

type GroupFormProps = {
  /** Editing: the group's id; adding when absent. */
  groupId?: string;
  initialValues: GroupFormValues;
  onSaved: () => void;
};

/** The group's name ('Group name is required.'); an edit sends the version it was opened with. */
export function GroupForm({ groupId, initialValues, onSaved }: GroupFormProps) {
  const queryClient = useQueryClient();
  const create = useCreateGroup();
  const update = useUpdateGroup(groupId ?? '');
  // The form re-applies changed default values on render, so a reset after a conflict changes them too.
  const [defaultValues, setDefaultValues] = useState(initialValues);

  const form = useAppForm({
    defaultValues,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: schemaValidator<GroupFormValues>(userGroupSchema) },
    onSubmit: async ({ value, formApi }) => {
      try {
        if (groupId) await update.mutateAsync(value);
        else await create.mutateAsync({ name: value.name });
        onSaved();
      } catch (error) {
        if (applyServerErrors(formApi, error) || !isApiError(error) || error.status !== 409 || !groupId)
          return;
        // Stale version: the server's message was toasted; show the group as it is now.
        const current = await queryClient
          .fetchQuery({
            ...groupInformationQueryOptions(groupId, { page: 1, limit: 10, search: '' }),
            staleTime: 0,
          })
          .catch(() => null);
        if (current) {
          const next = { name: current.group.name, version: current.group.version };
          setDefaultValues(next);
          formApi.reset(next);
        }
      }
    },
  });

  return (
    <form.AppForm>
      <form.Form gap="sm">
        <form.AppField name="name">
          {(field) => <field.TextField label="Name" required data-autofocus />}
        </form.AppField>
        <form.SaveButtons editing={Boolean(groupId)} />
      </form.Form>
    </form.AppForm>
  );
}
