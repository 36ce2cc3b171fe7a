import type { CourseAssignmentDetail } from '@contract/course-assignments/resource';
import type { CourseAssignmentInput } from '@contract/course-assignments/schemas';
import type { FieldErrors } from '@contract/envelope';

/**
 * The form's values. "All team members" and "Selected members" are the team dashboard's words for
 * the contract's assignee kinds: the team itself (every member, later joiners too) or some users.
 */
export type TrainingFormValues = {
  teamId: string;
  title: string;
  courseIds: string[];
  assignTo: 'all' | 'some';
  memberIds: string[];
  /** yyyy-mm-dd, or null for no deadline. */
  deadline: string | null;
  version?: number;
};

/** The body of POST /course-assignment (and, with its version, PATCH) as the team dashboard sends it. */
export type TeamAssignmentInput = {
  teamId: string;
  title: string;
  kind: 'assigned';
  assigneeKind: 'teams' | 'users';
  assigneeIds: string[];
  courseIds: string[];
  deadline: string | null;
  version?: number;
};

export type Option = { value: string; label: string };

export function emptyTrainingValues(teamId: string): TrainingFormValues {
  return { teamId, title: '', courseIds: [], assignTo: 'all', memberIds: [], deadline: null };
}

export function toAssignmentInput(values: TrainingFormValues): TeamAssignmentInput {
  const all = values.assignTo === 'all';
  return {
    teamId: values.teamId,
    title: values.title.trim(),
    kind: 'assigned',
    assigneeKind: all ? 'teams' : 'users',
    assigneeIds: all ? [values.teamId] : values.memberIds,
    courseIds: values.courseIds,
    deadline: values.deadline || null,
    version: values.version,
  } satisfies CourseAssignmentInput;
}

/** The contract's and the server's messages about assignees belong under the members picker. */
export function placeAssigneeErrors(errors: FieldErrors): FieldErrors {
  const { assigneeIds, ...rest } = errors;
  return assigneeIds === undefined ? rest : { ...rest, memberIds: assigneeIds };
}

/** Editing: the form starts from the record as saved, with its version for stale-edit detection. */
export function toTrainingFormValues(detail: CourseAssignmentDetail): TrainingFormValues {
  const some = detail.assigneeKind === 'users';
  return {
    // Only a record made for a team is edited here (an administrator's has none).
    teamId: detail.teamId ?? '',
    title: detail.title,
    courseIds: detail.courses.map((course) => course._id),
    assignTo: some ? 'some' : 'all',
    memberIds: some ? detail.assignees.map((assignee) => assignee._id) : [],
    deadline: detail.deadline,
    version: detail.version,
  };
}

/** Labels for the record's own choices, so the selects name them before (or without) a search. */
export function recordOptions(detail: CourseAssignmentDetail | undefined): {
  courses: Option[];
  members: Option[];
} {
  const toOption = (ref: { _id: string; name: string }) => ({ value: ref._id, label: ref.name });
  return {
    courses: (detail?.courses ?? []).map(toOption),
    members: detail?.assigneeKind === 'users' ? detail.assignees.map(toOption) : [],
  };
}
