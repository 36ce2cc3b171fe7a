import { type AssignedTrainingDetail, trainingSchema } from '@contract/training';
import { useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { useRecordForm } from '@/ui/form/use-record-form';
import { useCreateTraining, useUpdateTraining } from '../training-queries';
import { type TrainingFormValues, toTrainingFormValues } from './training-form-values';

type UseTrainingFormOptions = {
  initialValues: TrainingFormValues;
  /** Editing: the training's id. */
  trainingId?: string;
  /** Editing: the current training a stale save brought back. */
  onCurrentRecord?: (training: AssignedTrainingDetail) => void;
};

/** The assign-training form: the contract's rules on submit and then on every change; saving goes back to the table. */
export function useTrainingForm({ initialValues, trainingId, onCurrentRecord }: UseTrainingFormOptions) {
  const navigate = useNavigate();
  const create = useCreateTraining();
  const update = useUpdateTraining(trainingId ?? '');

  return useRecordForm({
    defaultValues: initialValues,
    schema: trainingSchema,
    save: (values: TrainingFormValues) => {
      const output = v.parse(trainingSchema, values);
      const payload = {
        ...output,
        deadline: output.deadline || null,
        memberIds: output.assignTo === 'some' ? output.memberIds : [],
      };
      return (trainingId ? update : create).mutateAsync(payload);
    },
    onSaved: (_result, { values }) =>
      navigate({
        to: '/user-portal/team-dashboard',
        search: { team: values.teamId, activeTab: 'trainings' },
      }),
    fromRecord: toTrainingFormValues,
    onCurrentRecord,
  }).form;
}

export type TrainingForm = ReturnType<typeof useTrainingForm>;
