import type { CatalogueQuery } from '@contract/learning/schemas';

/**
 * Query keys of the learner's side: My Dashboard's trainings, Training Resources, the player's
 * course and quizzes. A completion, hand-in or graded attempt invalidates `all`, so every screen
 * showing the learner's progress reads it again.
 */
export const learningKeys = {
  all: ['learning'] as const,
  myTraining: () => [...learningKeys.all, 'my-training'] as const,
  catalogue: (query: CatalogueQuery) => [...learningKeys.all, 'catalogue', query] as const,
  course: (courseId: string) => [...learningKeys.all, 'course', courseId] as const,
  quiz: (quizId: string, courseId: string) => [...learningKeys.all, 'quiz', quizId, courseId] as const,
};
