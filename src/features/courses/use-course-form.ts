import type { CourseDetail } from '@contract/courses/resource';
import { courseSchema, courseUpdateSchema } from '@contract/courses/schemas';
import { useNavigate } from '@tanstack/react-router';
import { useRecordForm } from '@/ui/form/use-record-form';
import { type CourseFormValues, toCourseFormValues, toCourseInput, toCourseUpdate } from './form-values';
import { useCreateCourse, useUpdateCourse } from './queries';

type UseCourseFormOptions = {
  initialValues: CourseFormValues;
  /** Editing: the course's id. */
  courseId?: string;
  onCurrentRecord?: (course: CourseDetail) => void;
  readOnly?: boolean;
};

/**
 * The course form: the contract's rules on the body it would send, a 422 under its field. A new
 * course opens on its edit screen, where its outline is built; an edited one goes back to the list.
 */
export function useCourseForm({ initialValues, courseId, onCurrentRecord, readOnly }: UseCourseFormOptions) {
  const navigate = useNavigate();
  const create = useCreateCourse();
  const update = useUpdateCourse(courseId ?? '');
  return useRecordForm({
    defaultValues: initialValues,
    schema: courseId ? courseUpdateSchema : courseSchema,
    validate: { toInput: courseId ? toCourseUpdate : toCourseInput },
    save: (values: CourseFormValues) =>
      courseId ? update.mutateAsync(toCourseUpdate(values)) : create.mutateAsync(toCourseInput(values)),
    onSaved: (result) => {
      const created =
        !courseId && result && 'results' in result ? (result.results as CourseDetail) : undefined;
      return created
        ? navigate({
            to: '/app/content-management/courses/edit/$courseId',
            params: { courseId: created._id },
          })
        : navigate({ to: '/app/content-management/courses' });
    },
    fromRecord: toCourseFormValues,
    onCurrentRecord,
    readOnly,
  }).form;
}
