import type { CourseAssignmentDetail } from '@contract/course-assignments/resource';
import { courseAssignmentSchema } from '@contract/course-assignments/schemas';
import { useNavigate } from '@tanstack/react-router';
import { useRecordForm } from '@/ui/form/use-record-form';
import { useCreateTraining, useUpdateTraining } from '../training-queries';
import {
  placeAssigneeErrors,
  type TrainingFormValues,
  toAssignmentInput,
  toTrainingFormValues,
} from './training-form-values';

type UseTrainingFormOptions = {
  initialValues: TrainingFormValues;
  /** Editing: the training's id. */
  trainingId?: string;
  /** Editing: the current training a stale save brought back. */
  onCurrentRecord?: (training: CourseAssignmentDetail) => void;
};

/**
 * The assign-training form: the contract's rules, checked on the body it would send, on submit and
 * then on every change; saving goes back to the table.
 */
export function useTrainingForm({ initialValues, trainingId, onCurrentRecord }: UseTrainingFormOptions) {
  const navigate = useNavigate();
  const create = useCreateTraining();
  const update = useUpdateTraining(trainingId ?? '');

  return useRecordForm({
    defaultValues: initialValues,
    schema: courseAssignmentSchema,
    validate: { toInput: toAssignmentInput, place: placeAssigneeErrors },
    save: (values: TrainingFormValues) =>
      (trainingId ? update : create).mutateAsync(toAssignmentInput(values)),
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
