import type { CourseDetail } from '@contract/courses/resource';
import { courseSchema, courseUpdateSchema } from '@contract/courses/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { isQueued } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { toast } from '@/lib/notify';
import { useRecordForm } from '@/ui/form/use-record-form';
import {
  type CourseFormValues,
  imageChange,
  toCourseFormValues,
  toCourseInput,
  toCourseUpdate,
} from './form-values';
import { courseKeys, sendCourseImage, useCreateCourse, useUpdateCourse } from './queries';

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
  const queryClient = useQueryClient();
  /**
   * The image goes once the course is saved, so a course made offline gets it when edited again. A
   * refused image leaves the saved course as it is and says why; the form goes on to the course.
   */
  const sendImage = async (course: CourseDetail, image: File | null) => {
    try {
      const answer = await sendCourseImage(course._id, course.name, image);
      if (!isQueued(answer)) await queryClient.invalidateQueries({ queryKey: courseKeys.detail(course._id) });
    } catch (error) {
      if (isApiError(error) && error.status !== 0) toast.error(error.errors.image ?? error.message);
    }
  };
  return useRecordForm({
    defaultValues: initialValues,
    schema: courseId ? courseUpdateSchema : courseSchema,
    validate: { toInput: courseId ? toCourseUpdate : toCourseInput },
    save: async (values: CourseFormValues) => {
      const result = courseId
        ? await update.mutateAsync(toCourseUpdate(values))
        : await create.mutateAsync(toCourseInput(values));
      const image = imageChange(values);
      const saved = isQueued(result) ? undefined : (result.results as CourseDetail);
      if (image !== undefined && saved) await sendImage(saved, image);
      return result;
    },
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
