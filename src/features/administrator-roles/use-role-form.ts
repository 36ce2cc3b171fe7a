import type { RoleDetail, RoleModule } from '@contract/roles';
import { roleCreateSchema, roleUpdateSchema } from '@contract/roles';
import { toFieldErrors } from '@contract/validation';
import { type AnyFormApi, revalidateLogic } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import type { WriteResult } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { useAppForm } from '@/ui/form/app-form';
import { applyServerErrors } from '@/ui/form/server-errors';
import { isStaleVersion, type RoleFormValues, toRoleFormValues, toRoleInput } from './form-values';

export type RoleFormMode = 'add' | 'edit';

type UseRoleFormOptions = {
  mode: RoleFormMode;
  modules: RoleModule[];
  initialValues: RoleFormValues;
  save: (values: RoleFormValues) => Promise<WriteResult<RoleDetail>>;
  /** Editing: the current record, read again after a stale-version conflict. */
  reload?: () => Promise<RoleDetail>;
};

const LIST = '/app/user-management/role-permission';

export function useRoleForm({ mode, modules, initialValues, save, reload }: UseRoleFormOptions) {
  const navigate = useNavigate();
  // The form re-applies changed default values on render; a reset must change them too.
  const [defaultValues, setDefaultValues] = useState(initialValues);
  const schema = mode === 'add' ? roleCreateSchema : roleUpdateSchema;

  const startOver = (formApi: AnyFormApi, values: RoleFormValues) => {
    setDefaultValues(values);
    formApi.reset(values);
  };

  return useAppForm({
    defaultValues,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: {
      // The contract's schema checks what would be sent, so the form shows the server's own messages.
      onDynamic: ({ value }) => {
        const result = v.safeParse(schema, { ...toRoleInput(value, modules), version: value.version });
        return result.success ? undefined : { fields: toFieldErrors(result.issues) };
      },
    },
    onSubmit: async ({ value, formApi }) => {
      try {
        await save(value);
        await navigate({ to: LIST });
      } catch (error) {
        if (applyServerErrors(formApi, error) || !isApiError(error) || error.status !== 409 || !reload)
          return;
        // The server's message was toasted. A role above the caller's leaves the form as typed.
        if (!isStaleVersion(error)) return;
        // Stale version: show the role as it is now.
        const current = await reload().catch(() => null);
        if (current) startOver(formApi, toRoleFormValues(current));
      }
    },
  });
}

export type RoleForm = ReturnType<typeof useRoleForm>;
