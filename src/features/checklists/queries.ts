import type { ChecklistListQuery } from '@contract/checklists/list-query';
import type { ChecklistObserversInput } from '@contract/checklists/record-schemas';
import { type ChecklistObserver, checklistRecordPaths } from '@contract/checklists/records';
import {
  type ChecklistActivity,
  type ChecklistActivityTypeOption,
  type ChecklistDetail,
  type ChecklistRow,
  checklistPaths,
} from '@contract/checklists/resource';
import type {
  ActivityCreateInput,
  ActivityUpdateInput,
  ChecklistInput,
  ChecklistUpdateInput,
} from '@contract/checklists/schemas';
import type { CoursePermissionSubject } from '@contract/courses/resource';
import type { Paged } from '@contract/envelope';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { choicePages } from '@/lib/choice-pages';
import { toast } from '@/lib/notify';

/** Query keys of the Checklists screens; a checklist's detail holds its activities. */
export const checklistKeys = {
  all: ['checklists'] as const,
  lists: () => [...checklistKeys.all, 'list'] as const,
  list: (query: ChecklistListQuery) => [...checklistKeys.lists(), query] as const,
  detail: (checklistId: string) => [...checklistKeys.all, 'detail', checklistId] as const,
  activityTypes: () => [...checklistKeys.all, 'activity-types'] as const,
  observers: (checklistId: string) => [...checklistKeys.all, 'observers', checklistId] as const,
};

export const checklistListOptions = (query: ChecklistListQuery) =>
  queryOptions({
    queryKey: checklistKeys.list(query),
    queryFn: async ({ signal }) =>
      (await api.get<Paged<ChecklistRow>>(checklistPaths.list, { query, signal })).results,
    placeholderData: keepPreviousData,
  });

export const checklistDetailOptions = (checklistId: string) =>
  queryOptions({
    queryKey: checklistKeys.detail(checklistId),
    queryFn: async ({ signal }) =>
      (await api.get<ChecklistDetail>(checklistPaths.one(checklistId), { signal })).results,
  });

/** The types an activity can have; they change only with a new release. */
export const activityTypeOptions = () =>
  queryOptions({
    queryKey: checklistKeys.activityTypes(),
    queryFn: async ({ signal }) =>
      (await api.get<ChecklistActivityTypeOption[]>(checklistPaths.activityTypes, { signal })).results,
    staleTime: Number.POSITIVE_INFINITY,
  });

const outbox = (action: string, target: string, checklistId?: string) => ({
  action,
  target,
  invalidate: checklistId
    ? [checklistKeys.lists(), checklistKeys.detail(checklistId)]
    : [checklistKeys.lists()],
});

/** After an answered write: the server's message, then the lists and the checklist refetched. */
function useOnSaved(checklistId?: string) {
  const queryClient = useQueryClient();
  return async <T>(result: WriteResult<T>) => {
    if (isQueued(result)) return;
    toast.success(result.message);
    await queryClient.invalidateQueries({ queryKey: checklistKeys.lists() });
    if (checklistId) await queryClient.invalidateQueries({ queryKey: checklistKeys.detail(checklistId) });
  };
}

export function useCreateChecklist() {
  const onSaved = useOnSaved();
  return useMutation({
    mutationFn: (input: ChecklistInput) =>
      api.post<ChecklistDetail>(checklistPaths.list, input, {
        outbox: outbox('Add checklist', input.title ?? ''),
      }),
    onSuccess: onSaved,
  });
}

export function useUpdateChecklist(checklistId: string) {
  const onSaved = useOnSaved(checklistId);
  return useMutation({
    mutationFn: (input: ChecklistUpdateInput) =>
      api.patch<ChecklistDetail>(checklistPaths.one(checklistId), input, {
        outbox: outbox('Edit checklist', input.title ?? '', checklistId),
      }),
    onSuccess: onSaved,
  });
}

export function useSaveActivity(checklistId: string) {
  const onSaved = useOnSaved(checklistId);
  return useMutation({
    mutationFn: ({
      activityId,
      input,
    }: {
      activityId?: string;
      input: ActivityCreateInput | ActivityUpdateInput;
    }) =>
      activityId
        ? api.patch<ChecklistActivity>(checklistPaths.activityOne(activityId), input, {
            outbox: outbox('Edit activity', input.title ?? '', checklistId),
          })
        : api.post<ChecklistActivity>(checklistPaths.activity, input, {
            outbox: outbox('Add activity', input.title ?? '', checklistId),
          }),
    onSuccess: onSaved,
  });
}

export function useDeleteActivity(checklistId: string) {
  const onSaved = useOnSaved(checklistId);
  return useMutation({
    mutationFn: (activity: ChecklistActivity) =>
      api.delete<{ _id: string }>(checklistPaths.activityOne(activity._id), undefined, {
        outbox: outbox('Delete activity', activity.title, checklistId),
      }),
    onSuccess: onSaved,
  });
}

/** Shows the new order at once; the server's answer (or a failure) refetches the checklist. */
export function useReorderActivities(checklistId: string) {
  const queryClient = useQueryClient();
  const onSaved = useOnSaved(checklistId);
  return useMutation({
    mutationFn: (activities: ChecklistActivity[]) =>
      api.post<{ activityIds: string[] }>(
        checklistPaths.activityReorder,
        { checklistId, activityIds: activities.map((activity) => activity._id) },
        { outbox: outbox('Reorder activities', '', checklistId) },
      ),
    onMutate: (activities) => {
      queryClient.setQueryData(checklistKeys.detail(checklistId), (checklist: ChecklistDetail | undefined) =>
        checklist ? { ...checklist, activities } : checklist,
      );
    },
    onSuccess: onSaved,
    onError: () => queryClient.invalidateQueries({ queryKey: checklistKeys.detail(checklistId) }),
  });
}

/** The observers named for a checklist. */
export const observersOptions = (checklistId: string) =>
  queryOptions({
    queryKey: checklistKeys.observers(checklistId),
    queryFn: async ({ signal }) =>
      (await api.get<ChecklistObserver[]>(checklistRecordPaths.observers(checklistId), { signal })).results,
  });

/** Enabled users by name for the observers picker (GET /checklist/observer-options, the checklist edit right). */
export const observerChoicePages = choicePages<CoursePermissionSubject>({
  key: (search) => [...checklistKeys.all, 'observer-choices', search],
  fetch: (query, signal) =>
    api.get<Paged<CoursePermissionSubject>>(checklistRecordPaths.observerOptions, { query, signal }),
  toChoice: (user) => ({ value: user._id, label: user.name }),
});

/** Names the checklist's observers (every one of them; none clears them). */
export function useSaveObservers(checklistId: string, title: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) =>
      api.put<ChecklistObserver[]>(
        checklistRecordPaths.observers(checklistId),
        { userIds } satisfies ChecklistObserversInput,
        {
          outbox: {
            action: 'Save observers',
            target: title,
            invalidate: [checklistKeys.observers(checklistId)],
          },
        },
      ),
    onSuccess: async (result) => {
      if (isQueued(result)) return;
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: checklistKeys.observers(checklistId) });
    },
  });
}
