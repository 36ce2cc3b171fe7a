import * as v from 'valibot';
import { recordVersion } from '../admin-list.ts';
import { noNul, optionalText } from '../validation.ts';

export const lessonMessages = {
  nameRequired: 'Lesson name is required.',
  nameTooLong: 'Lesson name must be at most 200 characters.',
  descriptionTooLong: 'Description must be at most 5000 characters.',
} as const;

const m = lessonMessages;

// A missing field reads as empty so it gets the field's own message, not valibot's generic one.
const name = v.optional(
  v.pipe(
    v.string(m.nameRequired),
    v.trim(),
    v.nonEmpty(m.nameRequired),
    v.maxLength(200, m.nameTooLong),
    noNul,
  ),
  '',
);
const description = optionalText(m.descriptionTooLong, 5000);

/** POST /lesson: name and an optional description. */
export const lessonSchema = v.object({ name, description });
export type LessonInput = v.InferInput<typeof lessonSchema>;

/** PATCH /lesson/{id}: the same fields and the `version` the form read. */
export const lessonUpdateSchema = v.object({ name, description, version: recordVersion });
export type LessonUpdateInput = v.InferInput<typeof lessonUpdateSchema>;
