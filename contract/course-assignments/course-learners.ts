import type { NamedRef } from './resource.ts';

/**
 * GET: who has one course through course assignments, for the course's screen and for the
 * assignment form opened from it (Administration > Assignments view right). Apart from resource.ts
 * so the course screen's bundle carries only this.
 */
export const courseLearnersPath = (courseId: string) => `/course-assignment/course/${courseId}/learners`;

/**
 * `learners`: enabled users who have the course through any assignment (as each assignment's
 * Assigned count counts them), each once; `assignments`: how many assignments include it;
 * `assignmentId`: the one when there is exactly one, else null.
 */
export type CourseLearners = {
  course: NamedRef;
  learners: number;
  assignments: number;
  assignmentId: string | null;
};

/** The course screen's line, e.g. '3 learners', '1 learner'. */
export const learnerCountText = (count: number) => `${count} learner${count === 1 ? '' : 's'}`;
