import type { ForgotPasswordInput, LoginInput, ResetPasswordInput } from '@contract/auth';
import { paths } from '@contract/paths';
import type { LoginResult, PortalMenuEntry, SessionUser, SidebarModule } from '@contract/session';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { OFFLINE_MAX_AGE_MS } from '@/lib/cache-times';

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  sidebar: () => [...authKeys.all, 'sidebar'] as const,
  portalMenu: () => [...authKeys.all, 'portal-menu'] as const,
};

/** The signed-in user; kept for a week so the shell still knows who is signed in offline. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: async ({ signal }) => (await api.get<SessionUser>(paths.me, { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** The administration menu; offline the last one seen is shown. */
export const sidebarQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.sidebar(),
    queryFn: async ({ signal }) => (await api.get<SidebarModule[]>(paths.sidebar, { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

/** The user portal's menu, Team Dashboard in it only for who may use it; offline the last one seen. */
export const portalMenuQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.portalMenu(),
    queryFn: async ({ signal }) =>
      (await api.get<PortalMenuEntry[]>(paths.portalSidebar, { signal })).results,
    gcTime: OFFLINE_MAX_AGE_MS,
  });

export function useLoginMutation() {
  return useMutation({ mutationFn: (input: LoginInput) => api.post<LoginResult>(paths.login, input) });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) => api.post<null>(paths.forgetPassword, input),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api.post<null>(paths.resetPassword, input),
  });
}
