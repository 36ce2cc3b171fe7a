import * as v from 'valibot';
import { FIRST_PAGE, PAGE_SIZES } from './constants.ts';

/** Lookup lists used by forms: locations, departments (paged, `totalPage`), membership roles and levels. */
export type Location = { _id: string; title: string };
export type Department = { _id: string; title: string };
export type MembershipRole = { _id: string; name: string };
export type MembershipLevel = { _id: string; name: string };

const pageNumber = v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(FIRST_PAGE));
const pageSize = v.pipe(
  v.unknown(),
  v.transform(Number),
  v.picklist(PAGE_SIZES, `Limit must be one of ${PAGE_SIZES.join(', ')}.`),
);

/** Query of a paged lookup list; a bad page or limit falls back instead of failing the dropdown. */
export const lookupQuerySchema = v.object({
  page: v.fallback(v.optional(pageNumber, FIRST_PAGE), FIRST_PAGE),
  limit: v.fallback(v.optional(pageSize, 10), 10),
  search: v.fallback(v.optional(v.pipe(v.string(), v.trim()), ''), ''),
});
export type LookupQuery = v.InferOutput<typeof lookupQuerySchema>;
