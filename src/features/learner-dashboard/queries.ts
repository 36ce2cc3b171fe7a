import {
  type ChecklistSummary,
  checklistRecordPaths,
  type ObservedChecklist,
} from '@contract/checklists/records';
import { courseAssignmentPaths, type MyTrainingResult } from '@contract/course-assignments/resource';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { learningKeys } from '@/lib/learning-keys';

/** The learner's assigned and suggested trainings with their state per course; kept a week for offline use. */
export const myTrainingOptions = () =>
  queryOptions({
    queryKey: learningKeys.myTraining(),
    queryFn: async ({ signal }) =>
      (await api.get<MyTrainingResult>(courseAssignmentPaths.myTraining, { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** The learner's own checklists with their figures; kept a week for offline use. */
export const myChecklistsOptions = () =>
  queryOptions({
    queryKey: learningKeys.myChecklists(),
    queryFn: async ({ signal }) =>
      (await api.get<ChecklistSummary[]>(checklistRecordPaths.mine, { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/**
 * The checklists the user observes (the same read as the observer's screen), so My Dashboard leads
 * an observer there; kept a week for offline use.
 */
export const observingOptions = () =>
  queryOptions({
    queryKey: learningKeys.observing(),
    queryFn: async ({ signal }) =>
      (await api.get<ObservedChecklist[]>(checklistRecordPaths.observing, { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });
