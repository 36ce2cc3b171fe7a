import type { AdminRow } from '../admin-list.ts';
import { defineResource, resourcePaths } from '../resource.ts';

/** Courses (spec 2 `/app/content-management/courses`, 7 `/course`). */
export const courseResource = defineResource({
  path: '/course',
  module: 'content-management',
  submodule: 'courses',
  statusWords: 'enable',
  noun: 'course',
});

export const coursePaths = {
  ...resourcePaths(courseResource),
} as const;

export type CourseRow = AdminRow & {
  name: string;
  createdAt: string;
};
