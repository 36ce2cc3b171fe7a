import * as v from 'valibot';
import { recordVersion } from '../admin-list.ts';
import { optionalText, requiredText } from '../validation.ts';
import {
  EVENT_CATEGORY_DESCRIPTION_MAX,
  EVENT_CATEGORY_TITLE_MAX,
  eventCategoryMessages as m,
} from './resource.ts';

// A missing field reads as empty so it gets the field's own message, not valibot's generic one.
const title = requiredText(m.titleRequired, EVENT_CATEGORY_TITLE_MAX, m.titleTooLong);
const description = optionalText(m.descriptionTooLong, EVENT_CATEGORY_DESCRIPTION_MAX);
const status = v.boolean(m.statusInvalid);

/** POST /event/category: Category Title sent as `title`, an optional description, and its status (published when left out). */
export const eventCategorySchema = v.object({ title, description, status: v.optional(status, true) });
export type EventCategoryInput = v.InferInput<typeof eventCategorySchema>;

/**
 * PATCH /event/category/{id}: the same fields and the `version` the form read; a status left out
 * stays as it is.
 */
export const eventCategoryUpdateSchema = v.object({
  title,
  description,
  status: v.optional(status),
  version: recordVersion,
});
export type EventCategoryUpdateInput = v.InferInput<typeof eventCategoryUpdateSchema>;
