import {
  type AssignmentLearner,
  type CourseAssignmentRow,
  LEARNER_STATE_LABELS,
  type NamedRef,
} from '@contract/course-assignments/resource';
import { fullName } from '../format';

/**
 * What one Reassign Training dialog reassigns: a training (its row action), several trainings
 * (the list's selection) or chosen learners of one training (its Learners view).
 */
export type ReassignTarget =
  | { kind: 'training'; training: CourseAssignmentRow }
  | { kind: 'trainings'; trainings: CourseAssignmentRow[] }
  | { kind: 'learners'; training: Pick<CourseAssignmentRow, '_id' | 'title'>; learners: AssignmentLearner[] };

/** A training the lead may change: one made for this team, not an administrator's that names it. */
export function canEditTraining(training: Pick<CourseAssignmentRow, 'teamId'>, teamId: string): boolean {
  return training.teamId === teamId;
}

/** A stable key for the dialog's form, so choosing another target starts a fresh form. */
export function targetKey(target: ReassignTarget): string {
  switch (target.kind) {
    case 'training':
      return target.training._id;
    case 'trainings':
      return target.trainings.map((training) => training._id).join(',');
    case 'learners':
      return `${target.training._id}:${target.learners.map((learner) => learner._id).join(',')}`;
  }
}

/** What the dialog says it reassigns, above the date field. */
export function describeTarget(target: ReassignTarget): string {
  switch (target.kind) {
    case 'training':
      return target.training.title;
    case 'trainings':
      return `${countOf(target.trainings.length, 'training')}: ${target.trainings.map((t) => t.title).join(', ')}`;
    case 'learners':
      return `${target.training.title}, ${countOf(target.learners.length, 'learner')}: ${target.learners.map(fullName).join(', ')}`;
  }
}

export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Learners whose name or email holds the text, ignoring case and surrounding spaces. */
export function filterLearners(learners: AssignmentLearner[], text: string): AssignmentLearner[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return learners;
  return learners.filter(
    (learner) =>
      fullName(learner).toLowerCase().includes(needle) || learner.email.toLowerCase().includes(needle),
  );
}

/** Each course of a learner with its name (when the training's detail is at hand) and state's label. */
export function courseStates(
  learner: Pick<AssignmentLearner, 'courses'>,
  courses: NamedRef[] | undefined,
): { _id: string; name: string; state: string }[] {
  const names = new Map(courses?.map((course) => [course._id, course.name]));
  return learner.courses.map((course, index) => ({
    _id: course._id,
    name: course.name || names.get(course._id) || `Course ${index + 1}`,
    state: LEARNER_STATE_LABELS[course.state],
  }));
}

/** The page of a list the table shows, for lists the server sends whole. */
export function pageOf<T>(records: T[], page: number, limit: number): T[] {
  return records.slice((page - 1) * limit, page * limit);
}

/**
 * The learners as a reassignment kept offline will leave them: those chosen get the new deadline;
 * without one they keep theirs (a `within N days` training counts again from the day it is sent,
 * which the refetch then shows).
 */
export function withDeadline(
  learners: AssignmentLearner[],
  userIds: readonly string[],
  deadline: string | null,
): AssignmentLearner[] {
  if (!deadline) return learners;
  const chosen = new Set(userIds);
  return learners.map((learner) => (chosen.has(learner._id) ? { ...learner, deadline } : learner));
}

/**
 * The trainings as reassigning them (every learner) kept offline will leave them: a new day moves
 * the deadline of those due on a day; one due `within N days` keeps counting, and none given keeps it.
 */
export function withTrainingDeadline(
  rows: CourseAssignmentRow[],
  trainingIds: readonly string[],
  deadline: string | null,
): CourseAssignmentRow[] {
  if (!deadline) return rows;
  const chosen = new Set(trainingIds);
  return rows.map((row) => (chosen.has(row._id) && row.dueWithinDays === null ? { ...row, deadline } : row));
}
