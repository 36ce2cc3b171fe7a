import * as v from 'valibot';
import { FIRST_PAGE, PAGE_SIZES } from './constants.ts';

/** Query-string pieces every paged list shares. A bad value falls back, so a hand-edited URL still lists. */
export const pageNumber = v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(FIRST_PAGE));
export const pageSize = v.pipe(
  v.unknown(),
  v.transform(Number),
  v.picklist(PAGE_SIZES, `Limit must be one of ${PAGE_SIZES.join(', ')}.`),
);

export const pageParam = v.fallback(v.optional(pageNumber, FIRST_PAGE), FIRST_PAGE);
export const limitParam = (fallback: (typeof PAGE_SIZES)[number]) =>
  v.fallback(v.optional(pageSize, fallback), fallback);
export const searchParam = v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''), '');
