import * as v from 'valibot';
import { adminListQuery, STATUS_FILTERS, type StatusFilter } from '../admin-list.ts';

// Apart from the form schemas: the list route's validateSearch runs in the first-load bundle.

/** The Event Categories screen's search params: page, limit, search (title) and status, as every list. */
export const eventCategoryListQuery = adminListQuery({});
export type EventCategoryListQuery = v.InferOutput<typeof eventCategoryListQuery>;

const FILTER_PREFIX = 'status:';

/** `filter=status:x` (spec 7), x all, true or false; any other value is no filter. */
const statusFilter = v.fallback(
  v.optional(
    v.pipe(
      v.string(),
      v.check((value) => STATUS_FILTERS.some((status) => value === `${FILTER_PREFIX}${status}`)),
      v.transform((value) => value.slice(FILTER_PREFIX.length) as StatusFilter),
    ),
  ),
  undefined,
);

/**
 * GET /event/category: page, limit, search and the spec's `filter=status:x`. `status=x`, as the
 * other lists take it, is read too; the spec's `filter` wins when both are sent.
 */
export const eventCategoryApiQuery = v.pipe(
  adminListQuery({ filter: statusFilter }),
  v.transform(({ filter, ...query }) => ({ ...query, status: filter ?? query.status })),
);
export type EventCategoryApiQuery = v.InferOutput<typeof eventCategoryApiQuery>;

/** What the screen asks the API for its search params: the status as the spec's filter. */
export const toEventCategoryApiQuery = ({ status, ...query }: EventCategoryListQuery) => ({
  ...query,
  filter: `${FILTER_PREFIX}${status}`,
});
