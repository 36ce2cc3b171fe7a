import {
  type AssigneeKind,
  type AssignmentKind,
  type CourseAssignmentDetail,
  type ExpiryType,
  type ExpiryUnit,
  courseAssignmentMessages as m,
} from '@contract/course-assignments/resource';
import type { CourseAssignmentInput } from '@contract/course-assignments/schemas';
import type { FieldErrors } from '@contract/envelope';

/** How learners are due: never, by one day, or within some days of each being assigned. */
export type DeadlineMode = 'none' | 'date' | 'within';

/**
 * The Add/Edit Assignment form. Fields are named as the contract names them, so the schema's and
 * the server's messages land under them; `deadlineMode` only chooses which deadline field is sent.
 * Number inputs hold '' while empty.
 */
export type AssignmentFormValues = {
  title: string;
  kind: AssignmentKind;
  assigneeKind: AssigneeKind;
  assigneeIds: string[];
  courseIds: string[];
  deadlineMode: DeadlineMode;
  /** yyyy-mm-dd, or null. */
  deadline: string | null;
  dueWithinDays: number | '';
  expiryType: ExpiryType;
  expiryDate: string | null;
  expiryValue: number | '';
  expiryUnit: ExpiryUnit | '';
  /** Editing: the version read, so a change made meanwhile is not overwritten. */
  version?: number;
};

export const emptyAssignmentValues = (): AssignmentFormValues => ({
  title: '',
  kind: 'assigned',
  assigneeKind: 'users',
  assigneeIds: [],
  courseIds: [],
  deadlineMode: 'none',
  deadline: null,
  dueWithinDays: '',
  expiryType: 'none',
  expiryDate: null,
  expiryValue: '',
  expiryUnit: '',
});

function deadlineModeOf(detail: Pick<CourseAssignmentDetail, 'deadline' | 'dueWithinDays'>): DeadlineMode {
  if (detail.dueWithinDays !== null) return 'within';
  return detail.deadline ? 'date' : 'none';
}

/** Editing: the form starts from the record as saved, with its version. */
export function toAssignmentFormValues(detail: CourseAssignmentDetail): AssignmentFormValues {
  return {
    title: detail.title,
    kind: detail.kind,
    assigneeKind: detail.assigneeKind,
    assigneeIds: detail.assignees.map((assignee) => assignee._id),
    courseIds: detail.courses.map((course) => course._id),
    deadlineMode: deadlineModeOf(detail),
    deadline: detail.deadline,
    dueWithinDays: detail.dueWithinDays ?? '',
    expiryType: detail.expiryType,
    expiryDate: detail.expiryDate,
    expiryValue: detail.expiryValue ?? '',
    expiryUnit: detail.expiryUnit ?? '',
    version: detail.version,
  };
}

const orNull = <T>(value: T | '' | null | undefined): T | null =>
  value === '' || value === undefined ? null : value;

/**
 * The body of POST /course-assignment (with `version`, of PATCH). Only the chosen deadline is sent
 * (a day or a number of days, never both), and only what the chosen expiry needs; a field left out
 * reads as none, so switching away from one clears it.
 */
export function toAssignmentInput(values: AssignmentFormValues): CourseAssignmentInput {
  const input: CourseAssignmentInput = {
    title: values.title,
    kind: values.kind,
    assigneeKind: values.assigneeKind,
    assigneeIds: values.assigneeIds,
    courseIds: values.courseIds,
    expiryType: values.expiryType,
  };
  if (values.deadlineMode === 'date') input.deadline = orNull(values.deadline);
  if (values.deadlineMode === 'within') input.dueWithinDays = orNull(values.dueWithinDays);
  if (values.expiryType === 'fixed') input.expiryDate = orNull(values.expiryDate);
  if (values.expiryType === 'dynamic') {
    input.expiryValue = orNull(values.expiryValue);
    input.expiryUnit = orNull(values.expiryUnit);
  }
  if (values.version !== undefined) input.version = values.version;
  return input;
}

/**
 * What the schema cannot see: a deadline mode chosen but left empty would otherwise be sent as no
 * deadline at all.
 */
export function deadlineModeErrors(values: AssignmentFormValues): FieldErrors {
  if (values.deadlineMode === 'date' && !values.deadline) return { deadline: m.deadlineInvalid };
  if (values.deadlineMode === 'within' && values.dueWithinDays === '')
    return { dueWithinDays: m.dueWithinDaysInvalid };
  return {};
}

export type Option = { value: string; label: string };

/** Labels of the record's own courses and assignees, so the pickers name them before a search. */
export function recordChoices(detail: CourseAssignmentDetail | undefined): {
  courses: Option[];
  assignees: Option[];
} {
  const toOption = (ref: { _id: string; name: string }) => ({ value: ref._id, label: ref.name });
  return {
    courses: (detail?.courses ?? []).map(toOption),
    assignees: (detail?.assignees ?? []).map(toOption),
  };
}

/** A learner's name as the learners table shows it. */
export const learnerName = (learner: { firstName: string; lastName: string }) =>
  `${learner.firstName} ${learner.lastName}`.trim();

/** The list's Deadline cell: a day, or "Within N days", or nothing. */
export function deadlineText(
  row: { deadline: string | null; dueWithinDays: number | null },
  formatDay: (day: string) => string,
): string | null {
  if (row.dueWithinDays !== null)
    return `Within ${row.dueWithinDays} day${row.dueWithinDays === 1 ? '' : 's'}`;
  return row.deadline ? formatDay(row.deadline) : null;
}
