import type { Paged } from '@contract/envelope';
import {
  type ProfileFieldListQuery,
  type ProfileFieldOutput,
  type ProfileFieldRow,
  type ProfileFieldType,
  type ProfileGroup,
  profileFieldPaths,
} from '@contract/profile-fields';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { toast } from '@/lib/notify';

/** Every query of the User Profile Field screen sits under `all`. */
export const profileFieldKeys = {
  all: ['profile-fields'] as const,
  list: (query: ProfileFieldListQuery) => [...profileFieldKeys.all, 'list', query] as const,
  groups: () => [...profileFieldKeys.all, 'groups'] as const,
  types: () => [...profileFieldKeys.all, 'types'] as const,
};

export const profileFieldListQueryOptions = (query: ProfileFieldListQuery) =>
  queryOptions({
    queryKey: profileFieldKeys.list(query),
    queryFn: async ({ signal }) =>
      (await api.get<Paged<ProfileFieldRow>>(profileFieldPaths.list, { query, signal })).results,
    placeholderData: keepPreviousData,
  });

export const profileGroupsQueryOptions = () =>
  queryOptions({
    queryKey: profileFieldKeys.groups(),
    queryFn: async ({ signal }) =>
      (await api.get<ProfileGroup[]>(profileFieldPaths.groups, { signal })).results,
  });

export const profileFieldTypesQueryOptions = () =>
  queryOptions({
    queryKey: profileFieldKeys.types(),
    queryFn: async ({ signal }) =>
      (await api.get<ProfileFieldType[]>(profileFieldPaths.types, { signal })).results,
    // The types are fixed by the server's code.
    staleTime: Number.POSITIVE_INFINITY,
  });

function useDone() {
  const queryClient = useQueryClient();
  return async <T>(result: WriteResult<T>) => {
    if (isQueued(result)) return;
    toast.success(result.message);
    await queryClient.invalidateQueries({ queryKey: profileFieldKeys.all });
  };
}

const outbox = (action: string, target: string) => ({ action, target, invalidate: [profileFieldKeys.all] });

export function useCreateProfileField() {
  const done = useDone();
  return useMutation({
    mutationFn: (input: ProfileFieldOutput) =>
      api.post<ProfileFieldRow>(profileFieldPaths.list, input, {
        outbox: outbox('Add profile field', input.name),
      }),
    onSuccess: done,
  });
}

export function useUpdateProfileField(fieldId: string) {
  const done = useDone();
  return useMutation({
    mutationFn: (input: ProfileFieldOutput & { version: number }) =>
      api.patch<ProfileFieldRow>(profileFieldPaths.one(fieldId), input, {
        outbox: outbox('Edit profile field', input.name),
      }),
    onSuccess: done,
  });
}

export function useToggleRequired() {
  const done = useDone();
  return useMutation({
    mutationFn: (row: ProfileFieldRow) =>
      api.post<ProfileFieldRow>(profileFieldPaths.require(row._id), undefined, {
        outbox: outbox(row.required ? 'Make optional' : 'Make required', row.name),
      }),
    onSuccess: done,
  });
}
