import { type AssignedTrainingDetail, trainingSchema } from '@contract/training';
import { toFieldErrors } from '@contract/validation';
import { revalidateLogic } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { isApiError } from '@/lib/api-error';
import { useAppForm } from '@/ui/form/app-form';
import { applyServerErrors } from '@/ui/form/server-errors';
import { useCreateTraining, useUpdateTraining } from '../training-queries';
import { type TrainingFormValues, toTrainingFormValues } from './training-form-values';

function validate({ value }: { value: TrainingFormValues }) {
  const result = v.safeParse(trainingSchema, value);
  return result.success ? undefined : { fields: toFieldErrors(result.issues) };
}

type UseTrainingFormOptions = {
  initialValues: TrainingFormValues;
  /** Editing: the training's id, and a way to read it again after a stale-version conflict. */
  trainingId?: string;
  reload?: () => Promise<AssignedTrainingDetail>;
};

/** The assign-training form: the contract's rules on submit and then on every change; saving goes back to the table. */
export function useTrainingForm({ initialValues, trainingId, reload }: UseTrainingFormOptions) {
  const navigate = useNavigate();
  const create = useCreateTraining();
  const update = useUpdateTraining(trainingId ?? '');

  return useAppForm({
    defaultValues: initialValues,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: validate },
    onSubmit: async ({ value, formApi }) => {
      const output = v.parse(trainingSchema, value);
      const payload = {
        ...output,
        deadline: output.deadline || null,
        memberIds: output.assignTo === 'some' ? output.memberIds : [],
      };
      try {
        if (trainingId) await update.mutateAsync(payload);
        else await create.mutateAsync(payload);
        await navigate({
          to: '/user-portal/team-dashboard',
          search: { team: value.teamId, activeTab: 'trainings' },
        });
      } catch (error) {
        if (applyServerErrors(formApi, error) || !isApiError(error) || error.status !== 409 || !reload)
          return;
        // Stale version: the api client toasted the server's message; show the training as it is now.
        const current = await reload().catch(() => null);
        if (current) formApi.reset(toTrainingFormValues(current));
      }
    },
  });
}

export type TrainingForm = ReturnType<typeof useTrainingForm>;
