import type { AdminRow } from '../admin-list.ts';
import { defineResource, resourcePaths } from '../resource.ts';

/**
 * Course categories (spec 2 `/app/content-management/course-category`, 5 'Category Title is
 * required.', 7 `/course-category` with bulk-delete, bulk-publish, bulk-unpublish, parent, info).
 * Categories form a tree: each may hang under one parent, never under itself or its descendants.
 */
export const courseCategoryResource = defineResource({
  path: '/course-category',
  module: 'content-management',
  submodule: 'course-category',
  statusWords: 'publish',
  noun: 'course category',
});

export const courseCategoryPaths = {
  ...resourcePaths(courseCategoryResource),
  /** GET: the categories a given one may hang under (`categoryId`), paged and searchable. */
  parent: '/course-category/parent',
  /** GET: every published category with its path, for pickers in other forms. */
  info: '/course-category/info',
} as const;

export const courseCategoryMessages = {
  nameRequired: 'Category Title is required.',
  nameTooLong: 'Category Title must be at most 100 characters.',
  nameTaken: 'A category with this title already exists under the same parent.',
  parentInvalid: 'Parent category must be a valid id.',
  parentNotFound: 'The parent category does not exist.',
  parentLoop: 'A category cannot be placed under itself or one of its subcategories.',
  hasSubcategories: 'A category with subcategories cannot be deleted; delete or move them first.',
  hasCourses: 'A category that holds courses cannot be deleted; move its courses to another category first.',
} as const;

/** Between the titles of a category's path: 'Safety / Forklifts'. */
export const CATEGORY_PATH_SEPARATOR = ' / ';

export type CourseCategoryRow = AdminRow & {
  name: string;
  parentId: string | null;
  /** The titles from the top of the tree down to this category, joined by ' / '. */
  path: string;
  createdAt: string;
};

export type CourseCategoryDetail = CourseCategoryRow;

/** A category as pickers list it. */
export type CourseCategoryOption = { _id: string; name: string; path: string };
