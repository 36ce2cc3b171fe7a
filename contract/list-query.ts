import * as v from 'valibot';
import { FIRST_PAGE, PAGE_SIZES } from './constants.ts';

/** Query-string pieces every paged list shares. A bad value falls back, so a hand-edited URL still lists. */
/** Far past any real list, and small enough that (page - 1) * limit fits the database's bigint OFFSET. */
export const MAX_PAGE = 1_000_000_000;
export const pageNumber = v.pipe(
  v.unknown(),
  v.transform(Number),
  v.integer(),
  v.minValue(FIRST_PAGE),
  v.maxValue(MAX_PAGE),
);
export const pageSize = v.pipe(
  v.unknown(),
  v.transform(Number),
  v.picklist(PAGE_SIZES, `Limit must be one of ${PAGE_SIZES.join(', ')}.`),
);

export const pageParam = v.fallback(v.optional(pageNumber, FIRST_PAGE), FIRST_PAGE);
export const limitParam = (fallback: (typeof PAGE_SIZES)[number]) =>
  v.fallback(v.optional(pageSize, fallback), fallback);
/** PostgreSQL text cannot hold a NUL character, so a search with one is a bad value like any other. */
export const searchParam = v.fallback(
  v.optional(
    v.pipe(
      // The address reads `search=true` (or a number) as that value, not as the text typed.
      v.union([v.string(), v.number(), v.boolean()]),
      v.transform(String),
      v.trim(),
      v.maxLength(200),
      v.regex(/^[^\0]*$/),
    ),
    '',
  ),
  '',
);
