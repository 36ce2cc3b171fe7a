import { limitParam, pageParam, searchParam } from '@contract/list-query';
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
 * Search of /user-portal/team-dashboard. `page`, `limit` and `search` belong to the assigned-training
 * table, so its page survives a reload and the back button.
 */
export const dashboardSearchSchema = v.object({
  activeTab: v.fallback(v.optional(v.picklist(DASHBOARD_TABS), DEFAULT_TAB), DEFAULT_TAB),
  team: optionalIdParam,
  page: pageParam,
  limit: limitParam(10),
  search: searchParam,
});
export type DashboardSearch = v.InferOutput<typeof dashboardSearchSchema>;

/** Search of /app/team-dashboard/assign-new-training: the team (default organization when absent) and, to edit, the training. */
export const assignTrainingSearchSchema = v.object({
  team: optionalIdParam,
  trainingId: optionalIdParam,
});
export type AssignTrainingSearch = v.InferOutput<typeof assignTrainingSearchSchema>;
