import type { AssignedTrainingDetail } from '@contract/training';
import { fullName } from '../format';

/** The form's values: the contract's training input, with its defaults filled in. */
export type TrainingFormValues = {
  teamId: string;
  trainingTitle: string;
  courseIds: string[];
  assignTo: 'all' | 'some';
  memberIds: string[];
  /** yyyy-mm-dd, or null for no deadline. */
  deadline: string | null;
  version?: number;
};

export type Option = { value: string; label: string };

export function emptyTrainingValues(teamId: string): TrainingFormValues {
  return { teamId, trainingTitle: '', courseIds: [], assignTo: 'all', memberIds: [], deadline: null };
}

/** Editing: the form starts from the record as saved, with its version for stale-edit detection. */
export function toTrainingFormValues(detail: AssignedTrainingDetail): TrainingFormValues {
  return {
    teamId: detail.teamId,
    trainingTitle: detail.trainingTitle,
    courseIds: detail.courses.map((course) => course._id),
    assignTo: detail.assignTo,
    memberIds: detail.assignTo === 'some' ? detail.members.map((member) => member._id) : [],
    deadline: detail.deadline,
    version: detail.version,
  };
}

/** Labels for the record's own choices, so the selects name them before (or without) a search. */
export function recordOptions(detail: AssignedTrainingDetail | undefined): {
  courses: Option[];
  members: Option[];
} {
  return {
    courses: (detail?.courses ?? []).map((course) => ({ value: course._id, label: course.name })),
    members: (detail?.members ?? []).map((member) => ({ value: member._id, label: fullName(member) })),
  };
}
