import type { AdminRow } from '../admin-list.ts';
import { defineResource, resourcePaths } from '../resource.ts';

/** Quizzes (spec 2 `/app/content-management/quizzes`, 7 `/quiz`). */
export const quizResource = defineResource({
  path: '/quiz',
  module: 'content-management',
  submodule: 'quizzes',
  statusWords: 'publish',
  noun: 'quiz',
});

export const quizPaths = {
  ...resourcePaths(quizResource),
} as const;

export type QuizRow = AdminRow & {
  name: string;
  createdAt: string;
};
