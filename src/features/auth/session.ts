import type { QueryClient } from '@tanstack/react-query';
import { getToken, setUser } from '@/lib/auth-store';
import { meQueryOptions } from './queries';

/**
 * Brings the saved user up to date from GET /user/me when the device is online, unless it was read
 * less than `staleTime` ms ago. A revoked session answers 401, and the api client signs the user out.
 */
export async function refreshSessionUser(queryClient: QueryClient, staleTime = 0): Promise<void> {
  if (!getToken() || !navigator.onLine) return;
  try {
    const user = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime });
    await setUser(user);
  } catch {
    // Already reported by the api client; the saved user stays until the next start.
  }
}
