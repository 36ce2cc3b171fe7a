import type { CourseAssignmentDetail } from '@contract/course-assignments/resource';
import { courseAssignmentSchema } from '@contract/course-assignments/schemas';
import { useNavigate } from '@tanstack/react-router';
import { useRecordForm } from '@/ui/form/use-record-form';
import {
  type AssignmentFormValues,
  deadlineModeErrors,
  toAssignmentFormValues,
  toAssignmentInput,
} from './form-values';
import { useCreateAssignment, useUpdateAssignment } from './mutations';

type UseAssignmentFormOptions = {
  initialValues: AssignmentFormValues;
  /** Editing: the assignment's id. */
  assignmentId?: string;
  onCurrentRecord?: (assignment: CourseAssignmentDetail) => void;
  readOnly?: boolean;
};

/**
 * The assignment form: the contract's schema on the body it would send, on submit and then on
 * every change; a 422 under its field; a stale version (409) starts over from the current record.
 * Saving goes back to the list.
 */
export function useAssignmentForm({
  initialValues,
  assignmentId,
  onCurrentRecord,
  readOnly,
}: UseAssignmentFormOptions) {
  const navigate = useNavigate();
  const create = useCreateAssignment();
  const update = useUpdateAssignment(assignmentId ?? '');
  return useRecordForm({
    defaultValues: initialValues,
    schema: courseAssignmentSchema,
    validate: { toInput: toAssignmentInput, also: deadlineModeErrors },
    save: (values: AssignmentFormValues) =>
      (assignmentId ? update : create).mutateAsync(toAssignmentInput(values)),
    onSaved: () => navigate({ to: '/app/content-management/assignments' }),
    fromRecord: toAssignmentFormValues,
    onCurrentRecord,
    readOnly,
  }).form;
}

export type AssignmentForm = ReturnType<typeof useAssignmentForm>;
