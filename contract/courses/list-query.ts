import type * as v from 'valibot';
import { adminListQuery } from '../admin-list.ts';

// Apart from the form schemas: the list route's validateSearch runs in the first-load bundle.

/** GET /course: page, limit, search (name) and status. */
export const courseListQuery = adminListQuery({});
export type CourseListQuery = v.InferOutput<typeof courseListQuery>;
