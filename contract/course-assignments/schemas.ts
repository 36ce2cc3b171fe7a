import * as v from 'valibot';
import { MAX_RECORD_VERSION } from '../admin-list.ts';
import { bulkIdSchema } from '../bulk.ts';
import { noNul } from '../validation.ts';
import {
  ASSIGNEE_KINDS,
  ASSIGNMENT_KINDS,
  ASSIGNMENT_MAX_ASSIGNEES,
  ASSIGNMENT_MAX_COURSES,
  ASSIGNMENT_MAX_DAYS,
  ASSIGNMENT_MAX_EXPIRY_VALUE,
  assigneesRequiredMessage,
  EXPIRY_TYPES,
  EXPIRY_UNITS,
  courseAssignmentMessages as m,
} from './resource.ts';

const isoDate = (message: string) => v.pipe(v.string(message), v.isoDate(message));
/** An empty date means none. The server also refuses days that do not exist, and deadlines in the past. */
const optionalDate = (message: string) =>
  v.optional(v.nullable(v.union([v.literal(''), isoDate(message)], message)), null);

const ids = (invalid: string, max: number, tooMany: string) =>
  v.optional(
    v.pipe(v.array(v.pipe(v.string(invalid), v.uuid(invalid)), invalid), v.maxLength(max, tooMany)),
    [],
  );

const wholeNumber = (message: string, max: number) =>
  v.optional(
    v.nullable(
      v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(max, message)),
    ),
    null,
  );

const fields = {
  /** The team dashboard's team: the lead assigns for it (to the team, or to members of it). */
  teamId: v.optional(
    v.union([v.literal(''), v.pipe(v.string(m.teamRequired), v.uuid(m.teamRequired))], m.teamRequired),
    '',
  ),
  title: v.optional(
    v.pipe(
      v.string(m.titleRequired),
      v.trim(),
      v.nonEmpty(m.titleRequired),
      v.maxLength(200, m.titleTooLong),
      noNul,
    ),
    '',
  ),
  kind: v.optional(v.picklist(ASSIGNMENT_KINDS, m.kindRequired), 'assigned'),
  assigneeKind: v.optional(v.picklist(ASSIGNEE_KINDS, m.assigneeKindRequired), '' as never),
  assigneeIds: ids(m.assigneesInvalid, ASSIGNMENT_MAX_ASSIGNEES, m.assigneesTooMany),
  courseIds: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(m.coursesRequired), v.uuid(m.coursesRequired)), m.coursesRequired),
      v.minLength(1, m.coursesRequired),
      v.maxLength(ASSIGNMENT_MAX_COURSES, m.coursesTooMany),
    ),
    [],
  ),
  deadline: optionalDate(m.deadlineInvalid),
  dueWithinDays: wholeNumber(m.dueWithinDaysInvalid, ASSIGNMENT_MAX_DAYS),
  expiryType: v.optional(v.picklist(EXPIRY_TYPES, m.expiryTypeRequired), 'none'),
  expiryDate: optionalDate(m.expiryDateInvalid),
  expiryValue: wholeNumber(m.expiryValueInvalid, ASSIGNMENT_MAX_EXPIRY_VALUE),
  expiryUnit: v.optional(v.nullable(v.picklist(EXPIRY_UNITS, m.expiryUnitRequired)), null),
};

type Loose = Partial<Record<keyof typeof fields, unknown>>;

/**
 * What ties fields together, checked even when other fields are wrong so the form shows every
 * message at once: assignees for the chosen kind, one deadline at most, and what each expiry needs.
 */
function rules<T>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    const value = dataset.value as Loose | null;
    if (typeof value !== 'object' || value === null) return;
    const flag = (key: keyof typeof fields, message: string) =>
      addIssue({
        message,
        path: [
          {
            type: 'object',
            origin: 'value',
            input: value as Record<string, unknown>,
            key,
            value: value[key],
          },
        ],
      });
    const empty = (x: unknown) => x === undefined || x === null || x === '';
    const kind = value.assigneeKind;
    if (typeof kind === 'string' && kind in assigneesRequiredMessage) {
      const list = value.assigneeIds;
      if (list === undefined || (Array.isArray(list) && list.length === 0)) {
        // On the team dashboard the users are the team's members.
        const onDashboard = kind === 'users' && !empty(value.teamId);
        flag('assigneeIds', onDashboard ? m.membersRequired : assigneesRequiredMessage[kind as 'users']);
      }
    }
    if (!empty(value.deadline) && !empty(value.dueWithinDays)) flag('dueWithinDays', m.deadlineTwice);
    const expiry = value.expiryType ?? 'none';
    if (expiry === 'fixed' && empty(value.expiryDate)) flag('expiryDate', m.expiryDateRequired);
    if (expiry === 'dynamic') {
      if (empty(value.expiryValue)) flag('expiryValue', m.expiryValueInvalid);
      if (empty(value.expiryUnit)) flag('expiryUnit', m.expiryUnitRequired);
    }
  });
}

const version = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_RECORD_VERSION)));

/** POST /course-assignment and PATCH /course-assignment/{id} (with the `version` the form read). */
export const courseAssignmentSchema = v.pipe(v.object({ ...fields, version }), rules());
export type CourseAssignmentInput = v.InferInput<typeof courseAssignmentSchema>;
export type CourseAssignmentValues = v.InferOutput<typeof courseAssignmentSchema>;

const learnerIds = ids(m.userIdsInvalid, ASSIGNMENT_MAX_ASSIGNEES, m.assigneesTooMany);

/** POST /course-assignment/{id}/reassign: a new deadline (optional) for all learners or those named. */
export const reassignSchema = v.object({ deadline: optionalDate(m.deadlineInvalid), userIds: learnerIds });
export type ReassignInput = v.InferInput<typeof reassignSchema>;

/** POST /course-assignment/reassign: several assignments at once. */
export const bulkReassignSchema = v.object({
  ...bulkIdSchema.entries,
  deadline: optionalDate(m.deadlineInvalid),
});
export type BulkReassignInput = v.InferInput<typeof bulkReassignSchema>;
