import type { UserCreateInput, UserDetail, UserUpdateInput } from '@contract/users';
import { userPaths } from '@contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isQueued, type WriteResult } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { userKeys } from '../queries';

const fullName = (input: { firstName?: string; lastName?: string }) =>
  `${input.firstName ?? ''} ${input.lastName ?? ''}`.trim();

/** After an answered save: the server's message, the saved record cached, every list page refetched. */
function useOnUserSaved() {
  const queryClient = useQueryClient();
  return async (result: WriteResult<UserDetail>) => {
    if (isQueued(result)) return;
    toast.success(result.message);
    queryClient.setQueryData(userKeys.detail(result.results._id), result.results);
    await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
  };
}

export function useCreateUser() {
  const onSaved = useOnUserSaved();
  return useMutation({
    mutationFn: (input: UserCreateInput) =>
      api.post<UserDetail>(userPaths.list, input, {
        outbox: { action: 'Add user', target: fullName(input), invalidate: [userKeys.lists()] },
      }),
    onSuccess: onSaved,
  });
}

export function useUpdateUser(userId: string) {
  const onSaved = useOnUserSaved();
  return useMutation({
    mutationFn: (input: UserUpdateInput) =>
      api.patch<UserDetail>(userPaths.one(userId), input, {
        outbox: {
          action: 'Edit user',
          target: fullName(input),
          invalidate: [userKeys.lists(), userKeys.detail(userId)],
        },
      }),
    onSuccess: onSaved,
  });
}
