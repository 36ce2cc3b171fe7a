import {
  type ChecklistSummary,
  checklistRecordPaths,
  type LearnerChecklist,
  type RecordFile,
  type TeamChecklistMember,
} from '@contract/checklists/records';
import type { MemberDetail } from '@contract/member';
import { paths } from '@contract/paths';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { leadChecklistKeys } from './keys';

/** A member's checklists with their figures; kept a week, so those a lead opened open offline. */
export const memberChecklistsOptions = (teamId: string, memberId: string) =>
  queryOptions({
    queryKey: leadChecklistKeys.memberChecklists(teamId, memberId),
    queryFn: async ({ signal }) =>
      (
        await api.get<ChecklistSummary[]>(checklistRecordPaths.memberChecklists(teamId, memberId), {
          signal,
          notFoundInPlace: true,
        })
      ).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** One checklist of a member, each item with its state, history and whether the lead may record on it. */
export const memberChecklistOptions = (teamId: string, memberId: string, checklistId: string) =>
  queryOptions({
    queryKey: leadChecklistKeys.memberChecklist(teamId, memberId, checklistId),
    queryFn: async ({ signal }) =>
      (
        await api.get<LearnerChecklist>(checklistRecordPaths.memberChecklist(teamId, memberId, checklistId), {
          signal,
          notFoundInPlace: true,
        })
      ).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** The team's members holding a checklist and where each of their items stands (bulk sign-off). */
export const teamChecklistOptions = (teamId: string, checklistId: string) =>
  queryOptions({
    queryKey: leadChecklistKeys.teamChecklist(teamId, checklistId),
    queryFn: async ({ signal }) =>
      (
        await api.get<TeamChecklistMember[]>(checklistRecordPaths.teamChecklist(teamId, checklistId), {
          signal,
          notFoundInPlace: true,
        })
      ).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** A record's photo as a signed link, read when the lead opens it (links are short-lived). */
export async function recordFileLink(recordId: string): Promise<RecordFile> {
  return (await api.get<RecordFile>(checklistRecordPaths.recordFile(recordId))).results;
}

/**
 * The member whose checklists are open, for their name. The same key and answer as the member's
 * edit form (`GET /user-portal/user/{id}?team=`), so either screen opened once fills the other offline.
 * A member not in the team is said in place by the screen's read of their checklists (ReadState),
 * so neither read raises a toast for it.
 */
export const memberOptions = (memberId: string, teamId: string) =>
  queryOptions({
    queryKey: leadChecklistKeys.member(memberId),
    queryFn: async ({ signal }) =>
      (
        await api.get<MemberDetail>(paths.member(memberId), {
          query: { team: teamId },
          signal,
          notFoundInPlace: true,
        })
      ).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });
