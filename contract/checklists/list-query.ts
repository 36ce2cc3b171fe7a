import * as v from 'valibot';
import { adminListQuery } from '../admin-list.ts';
import { limitParam, pageParam } from '../list-query.ts';

// Apart from the form schemas: the list route's validateSearch runs in the first-load bundle.

/** GET /checklist: page, limit, search (title) and status. */
export const checklistListQuery = adminListQuery({});
export type ChecklistListQuery = v.InferOutput<typeof checklistListQuery>;

/**
 * GET /checklist/activity: the activities of `checklist` (required: 422 without it, 404 for an
 * unknown one), first to last, paged.
 */
export const checklistActivityListQuery = v.object({
  checklist: v.pipe(v.string('Checklist is required.'), v.uuid('Checklist is required.')),
  page: pageParam,
  limit: limitParam(100),
});
export type ChecklistActivityListQuery = v.InferOutput<typeof checklistActivityListQuery>;
