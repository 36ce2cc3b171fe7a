import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ActivitiesPanel } from './activities-panel';
import { emptyLessonValues, toLessonFormValues } from './form-values';
import { LessonFormView } from './lesson-form';
import { lessonDetailOptions } from './queries';

export function AddLessonScreen() {
  const [initialValues] = useState(emptyLessonValues);
  return <LessonFormView initialValues={initialValues} />;
}

/** The lesson's form, then its activities: apart, so the activity dialog's form is not inside it. */
export function EditLessonScreen({ lessonId }: { lessonId: string }) {
  const queryClient = useQueryClient();
  const { data: lesson } = useSuspenseQuery(lessonDetailOptions(lessonId));
  const [initialValues] = useState(() => toLessonFormValues(lesson));
  return (
    <>
      <LessonFormView
        initialValues={initialValues}
        record={lesson}
        onCurrentRecord={(current) =>
          queryClient.setQueryData(lessonDetailOptions(lessonId).queryKey, current)
        }
      />
      <ActivitiesPanel lessonId={lessonId} />
    </>
  );
}
