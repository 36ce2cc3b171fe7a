import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AssignmentFormView } from './assignment-form';
import { emptyAssignmentValues, toAssignmentFormValues } from './form-values';
import { LearnersPanel } from './learners-panel';
import { assignmentDetailOptions } from './queries';

export function AddAssignmentScreen() {
  const [initialValues] = useState(emptyAssignmentValues);
  return <AssignmentFormView initialValues={initialValues} />;
}

/** The assignment's fields, then its learners and where each stands. */
export function EditAssignmentScreen({ assignmentId }: { assignmentId: string }) {
  const queryClient = useQueryClient();
  const { data: assignment } = useSuspenseQuery(assignmentDetailOptions(assignmentId));
  // The form starts from the record as loaded; a stale save starts it over from the current one.
  const [initialValues] = useState(() => toAssignmentFormValues(assignment));
  return (
    <>
      <AssignmentFormView
        initialValues={initialValues}
        record={assignment}
        onCurrentRecord={(current) =>
          queryClient.setQueryData(assignmentDetailOptions(assignmentId).queryKey, current)
        }
      />
      <LearnersPanel assignmentId={assignmentId} courses={assignment.courses} />
    </>
  );
}
