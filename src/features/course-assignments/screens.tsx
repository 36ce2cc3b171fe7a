import { courseAssignmentArea } from '@contract/course-assignments/resource';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '@/ui/admin-list/use-can';
import { AssignmentFormView } from './assignment-form';
import { emptyAssignmentValues, toAssignmentFormValues } from './form-values';
import { LearnersPanel } from './learners-panel';
import { assignmentDetailOptions, courseLearnersOptions } from './queries';

/**
 * Add Assignment; opened from a course's Assign (`?course=`), with that course chosen. It is the
 * form's starting value, so leaving the form untouched asks nothing.
 */
export function AddAssignmentScreen({ courseId }: { courseId?: string }) {
  const [initialValues] = useState(() => ({
    ...emptyAssignmentValues(),
    courseIds: courseId ? [courseId] : [],
  }));
  // The name comes with the course's learner count; a role that may not read assignments (a 403
  // would sign it out) sees the id's label once the picker's list reaches it.
  const canView = useCan(courseAssignmentArea, 'view');
  const chosen = useQuery({
    ...courseLearnersOptions(courseId ?? ''),
    enabled: Boolean(courseId) && canView,
  });
  const course = chosen.data?.course;
  return (
    <AssignmentFormView
      initialValues={initialValues}
      knownCourses={course ? [{ value: course._id, label: course.name }] : undefined}
    />
  );
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
