import {
  checklistRecordPaths,
  type LearnerChecklist,
  type ObservedChecklist,
} from '@contract/checklists/records';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { learningKeys } from '@/lib/learning-keys';

/** One of the learner's own checklists with each item's state and history; kept a week to open offline. */
export const myChecklistOptions = (checklistId: string) =>
  queryOptions({
    queryKey: learningKeys.myChecklist(checklistId, null),
    queryFn: async ({ signal }) =>
      (await api.get<LearnerChecklist>(checklistRecordPaths.myChecklist(checklistId), { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** The checklists the user is named observer of, with each learner's progress; kept a week to open offline. */
export const observingOptions = () =>
  queryOptions({
    queryKey: learningKeys.observing(),
    queryFn: async ({ signal }) =>
      (await api.get<ObservedChecklist[]>(checklistRecordPaths.observing, { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** One learner's checklist as its observer sees it; kept a week to open offline. */
export const observedChecklistOptions = (checklistId: string, learnerId: string) =>
  queryOptions({
    queryKey: learningKeys.observed(checklistId, learnerId),
    queryFn: async ({ signal }) =>
      (
        await api.get<LearnerChecklist>(checklistRecordPaths.observedChecklist(checklistId, learnerId), {
          signal,
        })
      ).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });
