import { type TeamDetail, teamSchema } from '@contract/teams';
import { toFieldErrors } from '@contract/validation';
import { revalidateLogic } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { isApiError } from '@/lib/api-error';
import { useAppForm } from '@/ui/form/app-form';
import { applyServerErrors } from '@/ui/form/server-errors';
import { useCreateTeam, useUpdateTeam } from '../mutations';
import { type TeamFormValues, toTeamFormValues, toTeamInput } from './form-values';

function validate({ value }: { value: TeamFormValues }) {
  const result = v.safeParse(teamSchema, value);
  return result.success ? undefined : { fields: toFieldErrors(result.issues) };
}

type UseTeamFormOptions = {
  initialValues: TeamFormValues;
  /** Editing: the team's id, and a way to read it again after a stale-version conflict. */
  teamId?: string;
  reload?: () => Promise<TeamDetail>;
};

/** The team form: the contract's rules on submit, then on every change; a save goes back to the list. */
export function useTeamForm({ initialValues, teamId, reload }: UseTeamFormOptions) {
  const navigate = useNavigate();
  const create = useCreateTeam();
  const update = useUpdateTeam(teamId ?? '');
  // The form re-applies changed default values on render, so a reset must change them too.
  const [defaultValues, setDefaultValues] = useState(initialValues);

  return useAppForm({
    defaultValues,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: validate },
    onSubmit: async ({ value, formApi }) => {
      try {
        // Answered or kept for later by the outbox, the change is on its way: back to the list.
        if (teamId) await update.mutateAsync(toTeamInput(value));
        else await create.mutateAsync(toTeamInput(value));
        await navigate({ to: '/app/user-management/users-team' });
      } catch (error) {
        if (applyServerErrors(formApi, error) || !isApiError(error) || error.status !== 409 || !reload)
          return;
        // Stale version: the api client toasted the server's message; show the team as it is now.
        const current = await reload().catch(() => null);
        if (current) {
          const next = toTeamFormValues(current);
          setDefaultValues(next);
          formApi.reset(next);
        }
      }
    },
  });
}

export type TeamForm = ReturnType<typeof useTeamForm>;
