import type { BulkSignOffInput } from '@contract/checklists/record-schemas';
import { type BulkSignOffResult, checklistRecordPaths } from '@contract/checklists/records';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { leadChecklistKeys } from './keys';

/** What a record changes once answered: the member's checklists, the team's cards and report, the bulk lists. */
export const recordInvalidate = (teamId: string, memberId: string) => [
  leadChecklistKeys.memberChecklists(teamId, memberId),
  leadChecklistKeys.teamMembers(teamId),
  leadChecklistKeys.teamReport(teamId),
  ['team-dashboard', 'team', teamId, 'checklist'],
];

export type BulkDraft = { activityId: string; itemTitle: string; learnerIds: string[]; note: string };

/** Signs one item off for several members at once; each member's record gets its own id made here. */
export function useBulkSignOff(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: BulkDraft): Promise<WriteResult<BulkSignOffResult>> => {
      const body: BulkSignOffInput = {
        activityId: draft.activityId,
        learnerIds: draft.learnerIds,
        recordIds: draft.learnerIds.map(() => crypto.randomUUID()),
        note: draft.note,
      };
      const invalidate = [
        ['team-dashboard', 'team', teamId],
        ...draft.learnerIds.map((memberId) => leadChecklistKeys.memberChecklists(teamId, memberId)),
      ];
      return api.post<BulkSignOffResult>(checklistRecordPaths.bulkSignOff, body, {
        outbox: {
          action: 'Sign off for several members',
          target: `${draft.itemTitle} (${draft.learnerIds.length})`,
          invalidate,
        },
      });
    },
    onSuccess: async (result, draft) => {
      if (isQueued(result)) return;
      toast.success(result.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['team-dashboard', 'team', teamId] }),
        ...draft.learnerIds.map((memberId) =>
          queryClient.invalidateQueries({ queryKey: leadChecklistKeys.memberChecklists(teamId, memberId) }),
        ),
      ]);
    },
  });
}
