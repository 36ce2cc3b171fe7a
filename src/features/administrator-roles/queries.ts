import type { Paged } from '@contract/envelope';
import type {
  RoleCreateInput,
  RoleDetail,
  RoleListQuery,
  RoleModule,
  RoleRow,
  RoleUpdateInput,
} from '@contract/roles';
import { administratorRolePaths } from '@contract/roles';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';
import { lookupKeys } from '@/lib/lookups';
import { toast } from '@/lib/notify';

/** Query keys of the roles screens; a save invalidates `roleKeys.lists()` and the role's own record. */
export const roleKeys = {
  all: ['administrator-roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: (query: RoleListQuery) => [...roleKeys.lists(), query] as const,
  detail: (roleId: string) => [...roleKeys.all, 'detail', roleId] as const,
  modules: () => [...roleKeys.all, 'modules'] as const,
};

export const roleListOptions = (query: RoleListQuery) =>
  queryOptions({
    queryKey: roleKeys.list(query),
    queryFn: async ({ signal }) =>
      (await api.get<Paged<RoleRow>>(administratorRolePaths.list, { query, signal })).results,
    placeholderData: keepPreviousData,
  });

export const roleDetailOptions = (roleId: string) =>
  queryOptions({
    queryKey: roleKeys.detail(roleId),
    queryFn: async ({ signal }) =>
      (await api.get<RoleDetail>(administratorRolePaths.one(roleId), { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** The matrix's modules and submodules change only with a new release, so they are kept long. */
export const roleModulesOptions = () =>
  queryOptions({
    queryKey: roleKeys.modules(),
    queryFn: async ({ signal }) =>
      (await api.get<RoleModule[]>(administratorRolePaths.modules, { signal })).results,
    staleTime: 60 * 60 * 1000,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

function useOnRoleSaved() {
  const queryClient = useQueryClient();
  return async (result: WriteResult<RoleDetail>) => {
    if (isQueued(result)) return;
    toast.success(result.message);
    queryClient.setQueryData(roleKeys.detail(result.results._id), result.results);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
      // The user form and filters offer the roles as choices.
      queryClient.invalidateQueries({ queryKey: lookupKeys.administratorRoles() }),
    ]);
  };
}

export function useCreateRole() {
  const onSaved = useOnRoleSaved();
  return useMutation({
    mutationFn: (input: RoleCreateInput) =>
      api.post<RoleDetail>(administratorRolePaths.list, input, {
        outbox: {
          action: 'Add role',
          target: input.name ?? '',
          invalidate: [roleKeys.lists(), lookupKeys.administratorRoles()],
        },
      }),
    onSuccess: onSaved,
  });
}

export function useUpdateRole(roleId: string) {
  const onSaved = useOnRoleSaved();
  return useMutation({
    mutationFn: (input: RoleUpdateInput) =>
      api.patch<RoleDetail>(administratorRolePaths.one(roleId), input, {
        outbox: {
          action: 'Edit role',
          target: input.name ?? '',
          invalidate: [roleKeys.lists(), roleKeys.detail(roleId), lookupKeys.administratorRoles()],
        },
      }),
    onSuccess: onSaved,
  });
}
