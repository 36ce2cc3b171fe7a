import type * as v from 'valibot';
import { adminListQuery, idFilterParam } from '../admin-list.ts';

/** GET /event: page, limit, search (title), status and `category` (an event category's id). */
export const eventListQuery = adminListQuery({ category: idFilterParam });
export type EventListQuery = v.InferOutput<typeof eventListQuery>;
