import * as v from 'valibot';
import { recordVersion } from '../admin-list.ts';
import { noNul } from '../validation.ts';
import { CHECKLIST_ACTIVITY_TYPES, CHECKLIST_MAX_ACTIVITIES, checklistMessages as m } from './resource.ts';

// A missing field reads as empty so it gets the field's own message, not valibot's generic one.
const text = (required: string, tooLong: string, max: number) =>
  v.optional(
    v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong), noNul),
    '',
  );
const optionalText = (tooLong: string, max: number) =>
  v.optional(v.pipe(v.string(tooLong), v.trim(), v.maxLength(max, tooLong), noNul), '');

const checklistEntries = {
  title: text(m.titleRequired, m.titleTooLong, 200),
  description: optionalText(m.descriptionTooLong, 2000),
};

/** POST /checklist: a new checklist (published, like the other content, until unpublished). */
export const checklistSchema = v.object(checklistEntries);
export type ChecklistInput = v.InferInput<typeof checklistSchema>;

/** PATCH /checklist/{id}: the same fields and the `version` the form read. */
export const checklistUpdateSchema = v.object({ ...checklistEntries, version: recordVersion });
export type ChecklistUpdateInput = v.InferInput<typeof checklistUpdateSchema>;

const activityEntries = {
  title: text(m.activityTitleRequired, m.activityTitleTooLong, 200),
  instructions: optionalText(m.instructionsTooLong, 2000),
  // Absent reads as '' so it gets this message too.
  type: v.pipe(
    v.optional(v.string(m.typeRequired), ''),
    v.picklist(CHECKLIST_ACTIVITY_TYPES, m.typeRequired),
  ),
  required: v.optional(v.boolean(), true),
};

const checklistId = v.optional(v.pipe(v.string(m.checklistRequired), v.uuid(m.checklistRequired)), '');

/** POST /checklist/activity: an activity added at the end of `checklistId`. */
export const activityCreateSchema = v.object({ ...activityEntries, checklistId });
export type ActivityCreateInput = v.InferInput<typeof activityCreateSchema>;

/** PATCH /checklist/activity/{id}: the fields and the `version` the form read. */
export const activityUpdateSchema = v.object({ ...activityEntries, version: recordVersion });
export type ActivityUpdateInput = v.InferInput<typeof activityUpdateSchema>;

/** POST /checklist/activity/reorder: every activity of the checklist once, first to last. */
export const activityReorderSchema = v.object({
  checklistId,
  activityIds: v.pipe(
    // Anything that is not one of the checklist's ids is refused as a mismatch, under the list itself.
    v.array(v.string(m.reorderMismatch), m.reorderMismatch),
    v.maxLength(CHECKLIST_MAX_ACTIVITIES, m.reorderMismatch),
  ),
});
export type ActivityReorderInput = v.InferInput<typeof activityReorderSchema>;
