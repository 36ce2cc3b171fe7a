import { type CourseDetail, type CoursePermissionResult, courseResource } from '@contract/courses/resource';
import { AdminFormPage, RoleDeniedNotice } from '@/ui/admin-list/admin-form-page';
import { useCan } from '@/ui/admin-list/use-can';
import { CourseFields } from './course-fields';
import type { CourseFormValues } from './form-values';
import { useCourseForm } from './use-course-form';

type CourseFormViewProps = {
  initialValues: CourseFormValues;
  record?: CourseDetail;
  scope?: CoursePermissionResult;
  onCurrentRecord?: (course: CourseDetail) => void;
};

const texts = {
  add: { crumb: 'Add Course', title: 'Add Course', submit: 'Save' },
  edit: { crumb: 'Edit Course', title: 'Edit Course', submit: 'Update' },
} as const;

/** The Add/Edit Course screen's form: the spec's fields, then Cancel / Save. */
export function CourseFormView({ initialValues, record, scope, onCurrentRecord }: CourseFormViewProps) {
  const mode = record ? 'edit' : 'add';
  const text = texts[mode];
  const allowed = useCan(courseResource, mode);
  const form = useCourseForm({ initialValues, courseId: record?._id, onCurrentRecord, readOnly: !allowed });

  return (
    <AdminFormPage
      list={{ label: 'Courses', to: '/app/content-management/courses' }}
      title={text.title}
      crumb={text.crumb}
      readOnlyNotice={allowed ? undefined : <RoleDeniedNotice mode={mode} noun="course" plural="courses" />}
      onSubmit={() => void form.handleSubmit()}
      submit={
        <form.AppForm>
          <form.SubmitButton>{text.submit}</form.SubmitButton>
        </form.AppForm>
      }
    >
      <CourseFields form={form} record={record} scope={scope} disabled={!allowed} />
    </AdminFormPage>
  );
}
