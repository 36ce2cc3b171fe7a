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
