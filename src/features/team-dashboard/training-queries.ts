import {
  type AssignmentMailed,
  type CourseAssignmentDetail,
  type CourseAssignmentRow,
  courseAssignmentPaths,
  type NamedRef,
} from '@contract/course-assignments/resource';
import type { Paged } from '@contract/envelope';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { choicePages } from '@/lib/choice-pages';
import { toast } from '@/lib/notify';
import { teamKeys } from './keys';
import { cachedTraining, showDeadline } from './optimistic';
import type { TeamAssignmentInput } from './trainings/training-form-values';

export type TrainingListQuery = { page: number; limit: number; search: string };

/**
 * A page of the team's assigned trainings (those made for the team and those an administrator
 * assigned to it); kept a week for offline use.
 */
export const trainingListQueryOptions = (teamId: string, query: TrainingListQuery) =>
  queryOptions({
    queryKey: teamKeys.trainingList(teamId, query),
    queryFn: async ({ signal }) =>
      (
        await api.get<Paged<CourseAssignmentRow>>(courseAssignmentPaths.list, {
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
      (await api.get<CourseAssignmentDetail>(courseAssignmentPaths.one(trainingId), { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** Courses matching a search, for the training form's course picker. */
export const courseChoicePages = choicePages<NamedRef>({
  key: (search) => teamKeys.coursePages(search),
  fetch: (query, signal) => api.get<Paged<NamedRef>>(courseAssignmentPaths.courseOptions, { query, signal }),
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
    mutationFn: (input: TeamAssignmentInput) =>
      api.post<CourseAssignmentDetail>(courseAssignmentPaths.list, input, {
        outbox: {
          action: 'Assign training',
          target: input.title,
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
    mutationFn: (input: TeamAssignmentInput) =>
      api.patch<CourseAssignmentDetail>(courseAssignmentPaths.one(trainingId), input, {
        outbox: {
          action: 'Edit training',
          target: input.title,
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
        courseAssignmentPaths.list,
        { bulkId: [trainingId] },
        {
          outbox: {
            action: 'Delete training',
            target: cachedTraining(queryClient, teamId, trainingId)?.title ?? trainingId,
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
    }): Promise<WriteResult<AssignmentMailed>> =>
      api.post<AssignmentMailed>(
        courseAssignmentPaths.reassign(trainingId),
        { deadline },
        {
          outbox: {
            action: 'Reassign training',
            target: cachedTraining(queryClient, teamId, trainingId)?.title ?? trainingId,
            invalidate: [teamKeys.trainings(teamId), teamKeys.training(trainingId), teamKeys.members(teamId)],
          },
        },
      ),
    onSuccess: async (result, { trainingId, deadline }) => {
      if (isQueued(result)) {
        showDeadline(queryClient, teamId, [trainingId], deadline);
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
      api.post<AssignmentMailed>(courseAssignmentPaths.resendEmail(trainingId), undefined, {
        outbox: {
          action: 'Resend email',
          target:
            queryClient.getQueryData<CourseAssignmentDetail>(teamKeys.training(trainingId))?.title ??
            trainingId,
        },
      }),
    onSuccess: (result) => {
      if (!isQueued(result)) toast.success(result.message);
    },
  });
}
