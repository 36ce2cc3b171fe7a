import type { LessonDetail } from '@contract/lessons/resource';
import type { LessonInput, LessonUpdateInput } from '@contract/lessons/schemas';

/** The lesson form: its name and description; the activities are edited apart. */
export type LessonFormValues = { name: string; description: string; version: number };

export const emptyLessonValues = (): LessonFormValues => ({ name: '', description: '', version: 1 });

export const toLessonFormValues = (lesson: LessonDetail): LessonFormValues => ({
  name: lesson.name,
  description: lesson.description ?? '',
  version: lesson.version,
});

export const toLessonInput = (values: LessonFormValues): LessonInput => ({
  name: values.name,
  description: values.description,
});

export const toLessonUpdate = (values: LessonFormValues): LessonUpdateInput => ({
  ...toLessonInput(values),
  version: values.version,
});
