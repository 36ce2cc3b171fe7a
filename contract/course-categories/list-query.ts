import * as v from 'valibot';
import { adminListQuery } from '../admin-list.ts';
import { limitParam, pageParam, searchParam } from '../list-query.ts';

// Apart from the form schemas: the list route's validateSearch runs in the first-load bundle.

/** GET /course-category: page, limit, search (title) and status. */
export const courseCategoryListQuery = adminListQuery({});
export type CourseCategoryListQuery = v.InferOutput<typeof courseCategoryListQuery>;

/**
 * GET /course-category/parent: the categories `categoryId` may hang under (all of them when it is
 * left out, as on the add form), searchable by title and paged for a picker.
 */
export const courseCategoryParentQuery = v.object({
  categoryId: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  search: searchParam,
  page: pageParam,
  limit: limitParam(20),
});
export type CourseCategoryParentQuery = v.InferOutput<typeof courseCategoryParentQuery>;
