import * as v from 'valibot';
import { adminListQuery, idFilterParam } from '../admin-list.ts';
import { limitParam, pageParam, searchParam } from '../list-query.ts';

// Apart from the form schemas: the list route's validateSearch runs in the first-load bundle.

/**
 * GET /course: page, limit, search (name), status and `courseCategoryInfo`, a category id that
 * keeps the courses filed under that category or any of its subcategories, however deep.
 */
export const courseListQuery = adminListQuery({ courseCategoryInfo: idFilterParam });
export type CourseListQuery = v.InferOutput<typeof courseListQuery>;

/** GET /course/info: enabled courses for a picker, searchable by name. */
export const courseInfoQuery = v.object({ search: searchParam, page: pageParam, limit: limitParam(20) });
export type CourseInfoQuery = v.InferOutput<typeof courseInfoQuery>;
