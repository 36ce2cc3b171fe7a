import { paths } from '@contract/paths';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { signOut } from '@/lib/auth-store';

/**
 * Ends the session on the server, then forgets it on the device whatever the server said (spec 8:
 * a failed logout is not shown). Signing out clears the local store and the query cache and goes to /login.
 */
export function useLogout() {
  return useCallback(async () => {
    await api.post(paths.logout, undefined, { quiet: true }).catch(() => undefined);
    await signOut();
  }, []);
}
