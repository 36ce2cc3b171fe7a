import type { Paged } from '@contract/envelope';
import { paths } from '@contract/paths';
import type {
  AssignedTraining,
  AssignedTrainingDetail,
  CourseOption,
  TrainingOutput,
} from '@contract/training';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { choicePages } from '@/lib/choice-pages';
import { toast } from '@/lib/notify';
import { teamKeys } from './keys';
import { cachedTraining, showDeadline } from './optimistic';

export type TrainingListQuery = { page: number; limit: number; search: string };

/** A page of the team's assigned trainings; kept a week for offline use. */
export const trainingListQueryOptions = (teamId: string, query: TrainingListQuery) =>
  queryOptions({
    queryKey: teamKeys.trainingList(teamId, query),
    queryFn: async ({ signal }) =>
      (
        await api.get<Paged<AssignedTraining>>(paths.trainings, {
          query: { team: teamId, ...query },
          signal,
        })
      ).results,
    // The table keeps the rows it shows while the next page loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

export const trainingQueryOptions = (trainingId: string) =>
  queryOptions({
    queryKey: teamKeys.training(trainingId),
    queryFn: async ({ signal }) =>
      (await api.get<AssignedTrainingDetail>(paths.training(trainingId), { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** Courses matching a search, for the training form's course picker. */
export const courseChoicePages = choicePages<CourseOption>({
  key: (search) => teamKeys.coursePages(search),
  fetch: (query, signal) => api.get<Paged<CourseOption>>(paths.courseOptions, { query, signal }),
  toChoice: (course) => ({ value: course._id, label: course.name }),
});

function useInvalidateTrainings() {
  const queryClient = useQueryClient();
  return (teamId: string, trainingId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.trainings(teamId) }),
      trainingId ? queryClient.invalidateQueries({ queryKey: teamKeys.training(trainingId) }) : null,
      // Assignments change the members' progress bars.
      queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
    ]);
}

export function useCreateTraining() {
  const invalidate = useInvalidateTrainings();
  return useMutation({
    mutationFn: (input: TrainingOutput) =>
      api.post<AssignedTrainingDetail>(paths.trainings, input, {
        outbox: {
          action: 'Assign training',
          target: input.trainingTitle,
          invalidate: [teamKeys.trainings(input.teamId), teamKeys.members(input.teamId)],
        },
      }),
    onSuccess: async (result, input) => {
      if (isQueued(result)) return;
      toast.success(result.message);
      await invalidate(input.teamId);
    },
  });
}

export function useUpdateTraining(trainingId: string) {
  const invalidate = useInvalidateTrainings();
  return useMutation({
    mutationFn: (input: TrainingOutput) =>
      api.patch<AssignedTrainingDetail>(paths.training(trainingId), input, {
        outbox: {
          action: 'Edit training',
          target: input.trainingTitle,
          invalidate: [
            teamKeys.trainings(input.teamId),
            teamKeys.training(trainingId),
            teamKeys.members(input.teamId),
          ],
        },
      }),
    onSuccess: async (result, input) => {
      if (isQueued(result)) return;
      toast.success(result.message);
      await invalidate(input.teamId, trainingId);
    },
  });
}

export function useDeleteTraining(teamId: string) {
  const invalidate = useInvalidateTrainings();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trainingId: string) =>
      api.delete<null>(
        paths.trainings,
        { bulkId: [trainingId] },
        {
          outbox: {
            action: 'Delete training',
            target: cachedTraining(queryClient, teamId, trainingId)?.trainingTitle ?? trainingId,
            invalidate: [teamKeys.trainings(teamId), teamKeys.members(teamId)],
          },
        },
      ),
    onSuccess: async (result) => {
      if (isQueued(result)) return;
      toast.success(result.message);
      await invalidate(teamId);
    },
  });
}

export function useReassignTraining(teamId: string) {
  const invalidate = useInvalidateTrainings();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      trainingId,
      deadline,
    }: {
      trainingId: string;
      deadline: string | null;
    }): Promise<WriteResult<AssignedTraining>> =>
      api.post<AssignedTraining>(
        paths.trainingReassign(trainingId),
        { deadline },
        {
          outbox: {
            action: 'Reassign training',
            target: cachedTraining(queryClient, teamId, trainingId)?.trainingTitle ?? trainingId,
            invalidate: [teamKeys.trainings(teamId), teamKeys.training(trainingId), teamKeys.members(teamId)],
          },
        },
      ),
    onSuccess: async (result, { trainingId, deadline }) => {
      if (isQueued(result)) {
        showDeadline(queryClient, teamId, trainingId, deadline);
        return;
      }
      toast.success(result.message);
      await invalidate(teamId, trainingId);
    },
  });
}

export function useResendTrainingEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trainingId: string) =>
      api.post<null>(paths.trainingResendEmail(trainingId), undefined, {
        outbox: {
          action: 'Resend email',
          target:
            queryClient.getQueryData<AssignedTrainingDetail>(teamKeys.training(trainingId))?.trainingTitle ??
            trainingId,
        },
      }),
    onSuccess: (result) => {
      if (!isQueued(result)) toast.success(result.message);
    },
  });
}
