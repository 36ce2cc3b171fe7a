import type { LookupPage, Paged } from '@contract/envelope';
import type {
  GroupMembersInput,
  GroupMembersQuery,
  UserGroupInformation,
  UserGroupListQuery,
  UserGroupRow,
  UserGroupUpdateInput,
} from '@contract/user-groups';
import { userGroupPaths } from '@contract/user-groups';
import type { UserRow } from '@contract/users';
import { userPaths } from '@contract/users';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { lookupKeys } from '@/lib/lookups';
import { toast } from '@/lib/notify';
import type { LookupItem } from '@/ui/searchable-paged-select';

/** Every query of the User Group screen sits under `all`, so a change refetches lists and panels alike. */
export const groupKeys = {
  all: ['user-groups'] as const,
  list: (query: UserGroupListQuery) => [...groupKeys.all, 'list', query] as const,
  information: (groupId: string, query: GroupMembersQuery) =>
    [...groupKeys.all, 'information', groupId, query] as const,
  userOptions: (search: string) => [...groupKeys.all, 'user-options', search] as const,
};

export const groupListQueryOptions = (query: UserGroupListQuery) =>
  queryOptions({
    queryKey: groupKeys.list(query),
    queryFn: async ({ signal }) =>
      (await api.get<Paged<UserGroupRow>>(userGroupPaths.list, { query, signal })).results,
    placeholderData: keepPreviousData,
  });

export const groupInformationQueryOptions = (groupId: string, query: GroupMembersQuery) =>
  queryOptions({
    queryKey: groupKeys.information(groupId, query),
    queryFn: async ({ signal }) =>
      (await api.get<UserGroupInformation>(userGroupPaths.information(groupId), { query, signal })).results,
    placeholderData: keepPreviousData,
  });

const USER_OPTIONS_PAGE = 20;

/** Users to add to a group, searched on the server and paged as the picker scrolls. */
export const userOptionPages = (search: string) =>
  infiniteQueryOptions({
    // Widened like the other lookups, so the picker's PagedLookupQuery takes it.
    queryKey: groupKeys.userOptions(search) as readonly unknown[],
    queryFn: async ({ pageParam, signal }): Promise<LookupPage<LookupItem>> => {
      const { results } = await api.get<Paged<UserRow>>(userPaths.list, {
        query: { page: pageParam, limit: USER_OPTIONS_PAGE, search },
        signal,
      });
      return {
        data: results.data.map((user) => ({
          _id: user._id,
          title: `${user.firstName} ${user.lastName} (${user.email})`,
        })),
        page: results.page,
        limit: results.limit,
        totalPage: results.totalPages,
        total: results.total,
      };
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPage ? last.page + 1 : undefined),
  });

/** After a real answer: the server's message, then everything of the screen refetches. */
function useDone() {
  const queryClient = useQueryClient();
  return async <T>(result: WriteResult<T>) => {
    if (isQueued(result)) return;
    toast.success(result.message);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: groupKeys.all }),
      // Other areas offer the groups as choices.
      queryClient.invalidateQueries({ queryKey: lookupKeys.userGroups() }),
    ]);
  };
}

const outbox = (action: string, target: string) => ({
  action,
  target,
  invalidate: [groupKeys.all, lookupKeys.userGroups()],
});

export function useCreateGroup() {
  const done = useDone();
  return useMutation({
    mutationFn: (input: { name: string }) =>
      api.post<UserGroupRow>(userGroupPaths.list, input, { outbox: outbox('Add user group', input.name) }),
    onSuccess: done,
  });
}

export function useUpdateGroup(groupId: string) {
  const done = useDone();
  return useMutation({
    mutationFn: (input: UserGroupUpdateInput) =>
      api.patch<UserGroupRow>(userGroupPaths.one(groupId), input, {
        outbox: outbox('Edit user group', input.name ?? ''),
      }),
    onSuccess: done,
  });
}

export function useEditGroupMembers(groupName: string) {
  const done = useDone();
  return useMutation({
    mutationFn: (input: GroupMembersInput) =>
      api.post<UserGroupRow>(userGroupPaths.edit, input, {
        outbox: outbox(input.action === 'create' ? 'Add group members' : 'Remove group members', groupName),
      }),
    onSuccess: done,
  });
}
