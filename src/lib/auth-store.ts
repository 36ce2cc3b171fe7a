import { AUTH_PERSIST_TIMEOUT_MS } from '@contract/constants';
import type { SessionUser } from '@contract/session';
import { createStore, useSelector } from '@tanstack/react-store';
import { clearLocalStore, localKeys, readLocal, removeLocal, writeLocal } from './local-store';
import { withTimeout } from './with-timeout';

export type AuthState = { token: string | null; user: SessionUser | null };

type PersistedAuth = { user: SessionUser | null };

export const authStore = createStore<AuthState>({ token: null, user: null });

export function useAuth<T>(select: (state: AuthState) => T): T {
  return useSelector(authStore, select);
}

export function getToken(): string | null {
  return authStore.get().token;
}

/**
 * Reads the persisted session before the app first renders. A failed or slow read (over
 * AUTH_PERSIST_TIMEOUT_MS) leaves the app signed out rather than stuck on a blank page.
 */
export async function rehydrateAuth(timeoutMs = AUTH_PERSIST_TIMEOUT_MS): Promise<void> {
  try {
    const [token, persisted] = await withTimeout(
      Promise.all([readLocal<string>(localKeys.token), readLocal<PersistedAuth>(localKeys.auth)]),
      timeoutMs,
    );
    if (typeof token === 'string' && token !== '') {
      authStore.setState(() => ({ token, user: persisted?.user ?? null }));
    }
  } catch (error) {
    console.warn('Could not restore the saved session; starting signed out.', error);
  }
}

export async function setSession(token: string, user: SessionUser): Promise<void> {
  authStore.setState(() => ({ token, user }));
  await Promise.all([writeLocal(localKeys.token, token), writeLocal(localKeys.auth, { user })]);
}

export async function setUser(user: SessionUser): Promise<void> {
  if (!authStore.get().token) return;
  authStore.setState((state) => ({ ...state, user }));
  await writeLocal(localKeys.auth, { user });
}

type SignOutListener = () => void;
const signOutListeners = new Set<SignOutListener>();

/** The app registers here what signing out means beyond this store (drop the query cache, go to /login). */
export function onSignOut(listener: SignOutListener): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/**
 * Forgets the session in memory at once, clears everything kept on the device, then lets the app
 * react (drop the query cache, go to /login), so the next screen never finds the old token stored.
 */
export async function signOut(): Promise<void> {
  authStore.setState(() => ({ token: null, user: null }));
  try {
    await clearLocalStore();
  } catch (error) {
    console.warn('Could not clear the local store; removing the token alone.', error);
    await removeLocal(localKeys.token).catch(() => undefined);
  }
  for (const listener of signOutListeners) listener();
}
