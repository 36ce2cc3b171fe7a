import * as v from 'valibot';
import { limitParam, pageParam, searchParam } from './list-query.ts';

/** Lookup lists used by forms: locations, departments (paged, `totalPage`), membership roles and levels. */
export type Location = { _id: string; title: string };
export type Department = { _id: string; title: string };
export type MembershipRole = { _id: string; name: string };
export type MembershipLevel = { _id: string; name: string };

/** Query of a paged lookup list; a bad page or limit falls back instead of failing the dropdown. */
export const lookupQuerySchema = v.object({
  page: pageParam,
  limit: limitParam(10),
  search: searchParam,
});
export type LookupQuery = v.InferOutput<typeof lookupQuerySchema>;
