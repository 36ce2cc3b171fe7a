import type * as v from 'valibot';
import { adminListQuery } from '../admin-list.ts';

// Apart from the form schemas: the list route's validateSearch runs in the first-load bundle.

/** GET /lesson: page, limit, search (name) and status. */
export const lessonListQuery = adminListQuery({});
export type LessonListQuery = v.InferOutput<typeof lessonListQuery>;
