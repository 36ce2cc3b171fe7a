import {
  type CourseAssignmentDetail,
  type CourseAssignmentRow,
  courseAssignmentPaths,
} from '@contract/course-assignments/resource';
import type { CourseAssignmentInput } from '@contract/course-assignments/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { assignmentKeys } from './queries';

/** What the outbox panel calls the change, and what to refetch once it is answered. */
const outbox = (action: string, target: string, assignmentId?: string) => ({
  action,
  target,
  invalidate: assignmentId
    ? [assignmentKeys.lists(), assignmentKeys.detail(assignmentId), assignmentKeys.learners(assignmentId)]
    : [assignmentKeys.lists()],
});

/** After an answered write: the server's message, then the lists (and the assignment) refetched. */
function useOnSaved(assignmentId?: string) {
  const queryClient = useQueryClient();
  return async <T>(result: WriteResult<T>) => {
    if (isQueued(result)) return;
    toast.success(result.message);
    await queryClient.invalidateQueries({ queryKey: assignmentKeys.lists() });
    if (assignmentId) {
      await queryClient.invalidateQueries({ queryKey: assignmentKeys.detail(assignmentId) });
      await queryClient.invalidateQueries({ queryKey: assignmentKeys.learners(assignmentId) });
    }
  };
}

export function useCreateAssignment() {
  const onSaved = useOnSaved();
  return useMutation({
    mutationFn: (input: CourseAssignmentInput) =>
      api.post<CourseAssignmentDetail>(courseAssignmentPaths.list, input, {
        outbox: outbox('Add assignment', String(input.title ?? '')),
      }),
    onSuccess: onSaved,
  });
}

export function useUpdateAssignment(assignmentId: string) {
  const onSaved = useOnSaved(assignmentId);
  return useMutation({
    mutationFn: (input: CourseAssignmentInput) =>
      api.patch<CourseAssignmentDetail>(courseAssignmentPaths.one(assignmentId), input, {
        outbox: outbox('Edit assignment', String(input.title ?? ''), assignmentId),
      }),
    onSuccess: onSaved,
  });
}

export function useDuplicateAssignment() {
  const onSaved = useOnSaved();
  return useMutation({
    mutationFn: (row: CourseAssignmentRow) =>
      api.post<CourseAssignmentDetail>(courseAssignmentPaths.duplicate(row._id), undefined, {
        outbox: outbox('Duplicate assignment', row.title),
      }),
    onSuccess: onSaved,
  });
}

/** DELETE /course-assignment with `{ bulkId }`: one row's Delete, or the selected rows'. */
export function useDeleteAssignments() {
  const onSaved = useOnSaved();
  return useMutation({
    mutationFn: (rows: CourseAssignmentRow[]) =>
      api.delete<null>(
        courseAssignmentPaths.list,
        { bulkId: rows.map((row) => row._id) },
        {
          outbox: outbox('Delete', rows.length === 1 ? (rows[0]?.title ?? '') : `${rows.length} assignments`),
        },
      ),
    onSuccess: onSaved,
  });
}
