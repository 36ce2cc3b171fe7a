import { limitParam, pageParam, searchParam } from '@contract/list-query';
import type { SearchMiddleware } from '@tanstack/react-router';
import * as v from 'valibot';

/** The team dashboard's tabs, as the `activeTab` query parameter names them (spec 2). */
export const DASHBOARD_TABS = ['team-member', 'trainings', 'events'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export const DEFAULT_TAB: DashboardTab = 'team-member';

export const TAB_LABELS: Record<DashboardTab, string> = {
  'team-member': 'Team Members',
  trainings: 'Assign Trainings',
  events: 'Assign Events',
};

/** A hand-edited or stale id falls back to none instead of failing: a missing team gets the default one filled in. */
export const optionalIdParam = v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined);

/**
 * A member list filter as the address gives it: absent is none given (undefined), so a way back that
 * names none can restore the last ones (restoreMemberFilters). Its value is checked where the list
 * reads it (members/member-filter-params.ts), so the contract's schemas stay out of the first load.
 */
const memberParam = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined);

/**
 * Search of /user-portal/team-dashboard. `page`, `limit` and `search` belong to the assigned-training
 * table, so its page survives a reload and the back button. `memberSearch`, `role`, `department`,
 * `location` and `sort` are the member list's search and filters.
 */
export const dashboardSearchSchema = v.object({
  activeTab: v.fallback(v.optional(v.picklist(DASHBOARD_TABS), DEFAULT_TAB), DEFAULT_TAB),
  team: optionalIdParam,
  page: pageParam,
  limit: limitParam(10),
  search: searchParam,
  memberSearch: v.fallback(v.optional(searchParam), undefined),
  role: memberParam,
  department: memberParam,
  location: memberParam,
  sort: memberParam,
});
export type DashboardSearch = v.InferOutput<typeof dashboardSearchSchema>;

/** The member list's filters when none are chosen; left out of the address. */
export const MEMBER_FILTER_DEFAULTS = {
  memberSearch: '',
  role: 'all',
  department: 'all',
  location: 'all',
  sort: 'ascending',
} as const satisfies Partial<DashboardSearch>;

export type MemberFilterParams = Pick<DashboardSearch, keyof typeof MEMBER_FILTER_DEFAULTS>;
const MEMBER_FILTER_KEYS = Object.keys(MEMBER_FILTER_DEFAULTS) as (keyof MemberFilterParams)[];

/** The filters each team's member list last showed in this page's life, by team id. */
const lastMemberFilters = new Map<string, Required<MemberFilterParams>>();

/** Called by the member list with what it shows, so a way back to the dashboard can show it again. */
export function rememberMemberFilters(teamId: string, params: Required<MemberFilterParams>): void {
  lastMemberFilters.set(teamId, params);
}

/**
 * A way back to the dashboard that names no member filter (a member form's Update & Close or its
 * breadcrumb, which know only the team) opens the list with the filters it was left with. A
 * navigation that gives them, defaults included (clearing a filter), keeps what it gives.
 */
export const restoreMemberFilters: SearchMiddleware<DashboardSearch> = ({ search, next }) => {
  const result = next(search);
  const named = MEMBER_FILTER_KEYS.some((key) => result[key] !== undefined);
  const last = result.team ? lastMemberFilters.get(result.team) : undefined;
  return named || !last ? result : { ...result, ...last };
};

/** Search of /app/team-dashboard/assign-new-training: the team (default organization when absent) and, to edit, the training. */
export const assignTrainingSearchSchema = v.object({
  team: optionalIdParam,
  trainingId: optionalIdParam,
});
export type AssignTrainingSearch = v.InferOutput<typeof assignTrainingSearchSchema>;
