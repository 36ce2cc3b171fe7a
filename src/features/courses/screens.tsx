import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CourseFormView } from './course-form';
import { CourseLearnersPanel } from './course-learners';
import { emptyCourseValues, toCourseFormValues } from './form-values';
import { OutlinePanel } from './outline-panel';
import { courseDetailOptions, coursePermissionOptions } from './queries';

export function AddCourseScreen() {
  const [initialValues] = useState(emptyCourseValues);
  return <CourseFormView initialValues={initialValues} />;
}

/** The course's fields, its learners with Assign, then its outline. */
export function EditCourseScreen({ courseId }: { courseId: string }) {
  const queryClient = useQueryClient();
  const { data: course } = useSuspenseQuery(courseDetailOptions(courseId));
  const scope = useQuery(coursePermissionOptions(courseId));
  // The form starts from the record as loaded; a stale save starts it over from the current one.
  const [initialValues] = useState(() => toCourseFormValues(course));
  return (
    <>
      <CourseFormView
        initialValues={initialValues}
        record={course}
        scope={scope.data}
        onCurrentRecord={(current) =>
          queryClient.setQueryData(courseDetailOptions(courseId).queryKey, current)
        }
      />
      <CourseLearnersPanel courseId={courseId} />
      <OutlinePanel courseId={courseId} hasLink={Boolean(course.externalLink)} />
    </>
  );
}
