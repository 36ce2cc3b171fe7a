import {
  type AssignmentLearner,
  type AssignmentMailed,
  courseAssignmentPaths,
} from '@contract/course-assignments/resource';
import type { BulkReassignInput, ReassignInput } from '@contract/course-assignments/schemas';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { toast } from '@/lib/notify';
import { teamKeys } from './keys';
import { cachedTraining, showDeadline, showLearnerDeadlines } from './optimistic';
import { countOf } from './trainings/reassign-target';

/** The learners of one training with their deadline and state per course; kept a week for offline use. */
export const learnersQueryOptions = (trainingId: string) =>
  queryOptions({
    queryKey: teamKeys.learners(trainingId),
    queryFn: async ({ signal }) =>
      (await api.get<AssignmentLearner[]>(courseAssignmentPaths.learners(trainingId), { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** What a reassignment changes: the list's deadlines and counts, the trainings (and learners), the members' progress. */
function touched(teamId: string, trainingIds: readonly string[]) {
  return [teamKeys.trainings(teamId), ...trainingIds.map(teamKeys.training), teamKeys.members(teamId)];
}

function useRefetch() {
  const queryClient = useQueryClient();
  return (keys: readonly (readonly unknown[])[]) =>
    Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

type BulkReassign = { trainingIds: string[]; deadline: string | null };

/** Reassign selected: a new round for every learner of each training chosen, in one request. */
export function useReassignTrainings(teamId: string) {
  const queryClient = useQueryClient();
  const refetch = useRefetch();
  return useMutation({
    mutationFn: ({ trainingIds, deadline }: BulkReassign): Promise<WriteResult<AssignmentMailed>> => {
      const body: BulkReassignInput = { bulkId: trainingIds, deadline };
      const [first] = trainingIds;
      return api.post<AssignmentMailed>(courseAssignmentPaths.bulkReassign, body, {
        outbox: {
          action: 'Reassign trainings',
          target:
            trainingIds.length === 1 && first
              ? (cachedTraining(queryClient, teamId, first)?.title ?? first)
              : countOf(trainingIds.length, 'training'),
          invalidate: touched(teamId, trainingIds),
        },
      });
    },
    onSuccess: async (result, { trainingIds, deadline }) => {
      if (isQueued(result)) {
        showDeadline(queryClient, teamId, trainingIds, deadline);
        return;
      }
      toast.success(result.message);
      await refetch(touched(teamId, trainingIds));
    },
  });
}

type LearnersReassign = { trainingId: string; userIds: string[]; deadline: string | null };

/** A new round, and a new deadline when given, for chosen learners of one training. */
export function useReassignLearners(teamId: string) {
  const queryClient = useQueryClient();
  const refetch = useRefetch();
  return useMutation({
    mutationFn: ({
      trainingId,
      userIds,
      deadline,
    }: LearnersReassign): Promise<WriteResult<AssignmentMailed>> => {
      const body: ReassignInput = { userIds, deadline };
      const title = cachedTraining(queryClient, teamId, trainingId)?.title ?? trainingId;
      return api.post<AssignmentMailed>(courseAssignmentPaths.reassign(trainingId), body, {
        outbox: {
          action: 'Reassign learners',
          target: `${title} (${countOf(userIds.length, 'learner')})`,
          invalidate: touched(teamId, [trainingId]),
        },
      });
    },
    onSuccess: async (result, { trainingId, userIds, deadline }) => {
      if (isQueued(result)) {
        showLearnerDeadlines(queryClient, trainingId, userIds, deadline);
        return;
      }
      toast.success(result.message);
      await refetch(touched(teamId, [trainingId]));
    },
  });
}
