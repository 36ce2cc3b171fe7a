import { FIRST_PAGE } from '@contract/constants';
import type { Paged } from '@contract/envelope';
import { paths } from '@contract/paths';
import type {
  ActivityEntry,
  AttendanceEntry,
  MemberImportResult,
  MemberListFilters,
  MemberSummary,
  TeamMemberCard,
  TranscriptEntry,
} from '@contract/team-dashboard';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { choicePages } from '@/lib/choice-pages';
import { toast } from '@/lib/notify';
import type { ImportRow } from './bulk-import/import-rows';
import { fullName } from './format';
import { teamKeys } from './keys';
import { cachedCard, hideMember } from './optimistic';

/** Cards per request of the member list (the API's default page). */
export const MEMBER_PAGE_SIZE = 20;

export const DEFAULT_MEMBER_FILTERS: MemberListFilters = {
  search: '',
  role: 'all',
  department: 'all',
  location: 'all',
  sort: 'ascending',
};

/** The next page while the last one had cards and is below totalPages (spec 4). */
export function nextMemberPage(last: Paged<TeamMemberCard>): number | undefined {
  return last.data.length > 0 && last.page < last.totalPages ? last.page + 1 : undefined;
}

/** The member cards of a team, a page at a time as the list scrolls; kept a week for offline use. */
export const memberListQueryOptions = (teamId: string, filters: MemberListFilters) =>
  infiniteQueryOptions({
    queryKey: teamKeys.memberList(teamId, filters),
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.get<Paged<TeamMemberCard>>(paths.memberList(teamId), {
          query: { ...filters, page: pageParam, limit: MEMBER_PAGE_SIZE },
          signal,
        })
      ).results,
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextMemberPage,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** The team's members whose name matches, for the training form's member picker. */
export const memberChoicePages = (teamId: string) =>
  choicePages<TeamMemberCard>({
    key: (search) => teamKeys.memberOptionPages(teamId, search),
    fetch: (query, signal) =>
      api.get<Paged<TeamMemberCard>>(paths.memberList(teamId), {
        query: { ...DEFAULT_MEMBER_FILTERS, ...query },
        signal,
      }),
    toChoice: (member) => ({ value: member._id, label: fullName(member) }),
  });

export type MemberView = 'summary' | 'transcript' | 'activity' | 'attendance';

type MemberViewData = {
  summary: MemberSummary;
  transcript: TranscriptEntry[];
  activity: ActivityEntry[];
  attendance: AttendanceEntry[];
};

const memberViewPath: Record<MemberView, (teamId: string, memberId: string) => string> = {
  summary: paths.memberSummary,
  transcript: paths.memberTranscript,
  activity: paths.memberActivity,
  attendance: paths.memberAttendance,
};

/** One of the four views behind a card's shortcut buttons; kept a week, so one opened once opens offline. */
export const memberViewQueryOptions = <V extends MemberView>(teamId: string, memberId: string, view: V) =>
  queryOptions({
    queryKey: teamKeys.memberView(teamId, memberId, view),
    queryFn: async ({ signal }) =>
      (await api.get<MemberViewData[V]>(memberViewPath[view](teamId, memberId), { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** Removes a member from the team (the account stays). */
export function useRemoveMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => {
      const card = cachedCard(queryClient, teamId, memberId);
      return api.delete<null>(
        paths.teamMembers(teamId),
        { bulkId: [memberId] },
        {
          outbox: {
            action: 'Remove member',
            target: card ? `${card.firstName} ${card.lastName}` : memberId,
            invalidate: [teamKeys.members(teamId), teamKeys.report(teamId)],
          },
        },
      );
    },
    onSuccess: async (result, memberId) => {
      if (isQueued(result)) {
        hideMember(queryClient, teamId, memberId);
        return;
      }
      toast.success(result.message);
      queryClient.removeQueries({ queryKey: teamKeys.member(memberId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.report(teamId) }),
      ]);
    },
  });
}

export function useResendMemberEmail(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => {
      const card = cachedCard(queryClient, teamId, memberId);
      return api.post<null>(paths.memberResendEmail(teamId, memberId), undefined, {
        outbox: { action: 'Resend email', target: card ? `${card.firstName} ${card.lastName}` : memberId },
      });
    },
    onSuccess: (result) => {
      if (!isQueued(result)) toast.success(result.message);
    },
  });
}

/** One batch of a CSV import; the modal sends the batches in order and refreshes the list at the end. */
export function useImportMembersBatch(teamId: string) {
  return useMutation({
    mutationFn: async (rows: ImportRow[]): Promise<MemberImportResult[]> => {
      const result = await api.post<MemberImportResult[]>(
        paths.memberImport(teamId),
        { rows },
        {
          outbox: {
            action: 'Import members',
            target: `${rows.length} ${rows.length === 1 ? 'row' : 'rows'}`,
            invalidate: [teamKeys.members(teamId), teamKeys.report(teamId)],
          },
        },
      );
      // Kept for later (offline): the rows are sent with the outbox, and the report has nothing to show yet.
      return isQueued(result) ? [] : result.results;
    },
  });
}
