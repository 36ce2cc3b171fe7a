import type { AdminRow } from '../admin-list.ts';
import { defineResource, resourcePaths } from '../resource.ts';

/** Lessons (spec 2 `/app/content-management/lessons`, 7 `/lesson`). */
export const lessonResource = defineResource({
  path: '/lesson',
  module: 'content-management',
  submodule: 'lessons',
  statusWords: 'enable',
  noun: 'lesson',
});

export const lessonPaths = {
  ...resourcePaths(lessonResource),
} as const;

export type LessonRow = AdminRow & {
  name: string;
  createdAt: string;
};
