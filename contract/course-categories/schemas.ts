import * as v from 'valibot';
import { recordVersion } from '../admin-list.ts';
import { noNul } from '../validation.ts';
import { courseCategoryMessages as m } from './resource.ts';

// A missing field reads as empty so it gets the field's own message, not valibot's generic one.
const name = v.optional(
  v.pipe(
    v.string(m.nameRequired),
    v.trim(),
    v.nonEmpty(m.nameRequired),
    v.maxLength(100, m.nameTooLong),
    noNul,
  ),
  '',
);

/** An optional parent: a category id, or null (or left out) for a top-level category. */
const parentId = v.optional(v.nullable(v.pipe(v.string(m.parentInvalid), v.uuid(m.parentInvalid))), null);

/** POST /course-category: Category Title sent as `name`, an optional parent as `parentId`. */
export const courseCategorySchema = v.object({ name, parentId });
export type CourseCategoryInput = v.InferInput<typeof courseCategorySchema>;

/** PATCH /course-category/{id}: the same fields and the `version` the form read. */
export const courseCategoryUpdateSchema = v.object({ name, parentId, version: recordVersion });
export type CourseCategoryUpdateInput = v.InferInput<typeof courseCategoryUpdateSchema>;
