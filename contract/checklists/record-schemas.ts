import * as v from 'valibot';
import { noNul } from '../validation.ts';
import {
  CHECKLIST_BULK_MAX,
  CHECKLIST_NOTE_MAX,
  CHECKLIST_RECORD_ACTIONS,
  checklistRecordMessages as m,
} from './records.ts';

const id = (message: string) => v.pipe(v.string(message), v.uuid(message));
// Absent reads as '' so it gets the field's own message, not valibot's generic one.
const requiredId = (message: string) => v.optional(id(message), '');

const note = v.optional(
  v.pipe(v.string(m.noteTooLong), v.trim(), v.maxLength(CHECKLIST_NOTE_MAX, m.noteTooLong), noNul),
  '',
);

/**
 * POST /checklist/record (JSON, or the text parts of a multipart form before its `file`). `recordId`
 * is made on the device; `note` is the sign-off's note, the written answer (required for a
 * `writtenAnswer` done) or the withdrawal's reason (required); `withdraws` names the record a
 * withdrawal takes back.
 */
export const checklistRecordSchema = v.object({
  recordId: requiredId(m.recordIdInvalid),
  learnerId: requiredId(m.learnerRequired),
  activityId: requiredId(m.activityRequired),
  action: v.pipe(
    v.optional(v.string(m.actionInvalid), ''),
    v.picklist(CHECKLIST_RECORD_ACTIONS, m.actionInvalid),
  ),
  note,
  withdraws: v.optional(id(m.withdrawsRequired)),
});
export type ChecklistRecordInput = v.InferInput<typeof checklistRecordSchema>;

/** POST /checklist/record/bulk: one sign-off per member, each with its own device-made id, in `learnerIds` order. */
export const bulkSignOffSchema = v.pipe(
  v.object({
    activityId: requiredId(m.activityRequired),
    learnerIds: v.pipe(
      v.array(id(m.learnersRequired), m.learnersRequired),
      v.minLength(1, m.learnersRequired),
      v.maxLength(CHECKLIST_BULK_MAX, m.tooManyLearners),
    ),
    recordIds: v.pipe(
      v.array(id(m.recordIdInvalid), m.recordIdInvalid),
      v.maxLength(CHECKLIST_BULK_MAX, m.recordIdInvalid),
    ),
    note,
  }),
  v.forward(
    v.check((input) => input.recordIds.length === input.learnerIds.length, m.recordIdInvalid),
    ['recordIds'],
  ),
);
export type BulkSignOffInput = v.InferInput<typeof bulkSignOffSchema>;

/** PUT /checklist/{id}/observer: every observer of the checklist (an empty list names none). */
export const checklistObserversSchema = v.object({
  userIds: v.pipe(v.array(id(m.observersInvalid), m.observersInvalid), v.maxLength(200, m.observersInvalid)),
});
export type ChecklistObserversInput = v.InferInput<typeof checklistObserversSchema>;

/** GET myChecklist `?course=`: count the items as that course's current round does. */
export const myChecklistQuerySchema = v.object({
  course: v.optional(id(m.courseInvalid)),
});
