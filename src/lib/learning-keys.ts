import type { CatalogueQuery } from '@contract/learning/schemas';

/**
 * Query keys of the learner's side: My Dashboard's trainings, Training Resources, the player's
 * course, quizzes, checklists and e-learning packages. A completion, a checklist record, hand-in or graded attempt invalidates `all`, so every screen
 * showing the learner's progress reads it again.
 */
export const learningKeys = {
  all: ['learning'] as const,
  myTraining: () => [...learningKeys.all, 'my-training'] as const,
  catalogue: (query: CatalogueQuery) => [...learningKeys.all, 'catalogue', query] as const,
  course: (courseId: string) => [...learningKeys.all, 'course', courseId] as const,
  quiz: (quizId: string, courseId: string) => [...learningKeys.all, 'quiz', quizId, courseId] as const,
  /** An e-learning package of a course, ready to launch, with the learner's records of its SCOs. */
  elearning: (packageId: string, courseId: string) =>
    [...learningKeys.all, 'elearning', packageId, courseId] as const,
  /** The learner's own checklists (My Dashboard). */
  myChecklists: () => [...learningKeys.all, 'checklists'] as const,
  /** One of the learner's checklists; in a course (the player), counted in that course's round. */
  myChecklist: (checklistId: string, courseId: string | null) =>
    [...learningKeys.all, 'checklist', checklistId, courseId] as const,
  /** The checklists the user observes, with their learners. */
  observing: () => [...learningKeys.all, 'observing'] as const,
  /** One learner's checklist, as an observer named for it sees it. */
  observed: (checklistId: string, learnerId: string) =>
    [...learningKeys.all, 'observed', checklistId, learnerId] as const,
};
