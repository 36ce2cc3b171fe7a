import { paths } from '@contract/paths';
import type { ActivityEntry, AttendanceEntry, TeamReport } from '@contract/team-dashboard';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { teamKeys } from './keys';

/** The Team Report card; kept a week for offline use. */
export const teamReportQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: teamKeys.report(teamId),
    queryFn: async ({ signal }) => (await api.get<TeamReport>(paths.teamReport(teamId), { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** Team Activity and Attendance behind the card's buttons; kept a week, so one opened once opens offline. */
export const teamActivityQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: teamKeys.teamActivity(teamId),
    queryFn: async ({ signal }) =>
      (await api.get<ActivityEntry[]>(paths.teamActivity(teamId), { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

export const teamAttendanceQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: teamKeys.teamAttendance(teamId),
    queryFn: async ({ signal }) =>
      (await api.get<AttendanceEntry[]>(paths.teamAttendance(teamId), { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });
