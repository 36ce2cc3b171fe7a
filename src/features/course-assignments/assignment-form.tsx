import { type CourseAssignmentDetail, courseAssignmentArea } from '@contract/course-assignments/resource';
import { AdminFormPage, RoleDeniedNotice } from '@/ui/admin-list/admin-form-page';
import { useCan } from '@/ui/admin-list/use-can';
import { AssignmentFields } from './assignment-fields';
import type { AssignmentFormValues, Option } from './form-values';
import { useAssignmentForm } from './use-assignment-form';

type AssignmentFormViewProps = {
  initialValues: AssignmentFormValues;
  record?: CourseAssignmentDetail;
  onCurrentRecord?: (assignment: CourseAssignmentDetail) => void;
  /** Adding from a course: the course chosen, named before the picker's list reaches it. */
  knownCourses?: Option[];
};

const texts = {
  add: { title: 'Add Assignment', submit: 'Save' },
  edit: { title: 'Edit Assignment', submit: 'Update' },
} as const;

/** The Add/Edit Assignment screen's form: its fields, then Cancel / Save. */
export function AssignmentFormView({
  initialValues,
  record,
  onCurrentRecord,
  knownCourses,
}: AssignmentFormViewProps) {
  const mode = record ? 'edit' : 'add';
  const text = texts[mode];
  const allowed = useCan(courseAssignmentArea, mode);
  const form = useAssignmentForm({
    initialValues,
    assignmentId: record?._id,
    onCurrentRecord,
    readOnly: !allowed,
  });

  return (
    <AdminFormPage
      list={{ label: 'Assignments', to: '/app/content-management/assignments' }}
      title={text.title}
      readOnlyNotice={
        allowed ? undefined : <RoleDeniedNotice mode={mode} noun="assignment" plural="assignments" />
      }
      onSubmit={() => void form.handleSubmit()}
      submit={
        <form.AppForm>
          <form.SubmitButton>{text.submit}</form.SubmitButton>
        </form.AppForm>
      }
    >
      <AssignmentFields form={form} record={record} knownCourses={knownCourses} disabled={!allowed} />
    </AdminFormPage>
  );
}
