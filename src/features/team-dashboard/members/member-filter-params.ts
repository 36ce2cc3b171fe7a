import { type MemberListFilters, memberListQuerySchema } from '@contract/team-dashboard';
import * as v from 'valibot';
import type { MemberFilterParams } from '../search';

/**
 * The member list's filters as the address gives them, checked as the API checks its query: one
 * not given is its default, and a bad one (a hand-edited role, an unknown sort) is its default too.
 */
export function memberFilters(params: MemberFilterParams): MemberListFilters {
  const {
    page: _page,
    limit: _limit,
    ...filters
  } = v.parse(memberListQuerySchema, {
    search: params.memberSearch,
    role: params.role,
    department: params.department,
    location: params.location,
    sort: params.sort,
  });
  return filters;
}

/** The same filters as search params, each of them given (a default too), for a navigation. */
export function memberFilterParams(filters: MemberListFilters): Required<MemberFilterParams> {
  const { search, ...rest } = filters;
  return { memberSearch: search, ...rest };
}
