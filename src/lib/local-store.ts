import { clear, del, get, createStore as idbStore, set } from 'idb-keyval';

/**
 * The app's one IndexedDB store (spec 3: database 'TheBlueCollarSuccess', store 'blue_collar_store').
 * The service worker reads the token from here at send time, so the key and the plain-string value are a contract.
 */
export const LOCAL_DB_NAME = 'TheBlueCollarSuccess';
export const LOCAL_STORE_NAME = 'blue_collar_store';

export const localKeys = {
  token: 'token',
  auth: 'auth',
  theme: 'theme',
  queryCache: 'query-cache',
} as const;

type LocalKey = (typeof localKeys)[keyof typeof localKeys];

let store: ReturnType<typeof idbStore> | null = null;

/** Opened on first use so that importing this module never touches IndexedDB (tests, SSR-less tooling). */
function localStore() {
  store ??= idbStore(LOCAL_DB_NAME, LOCAL_STORE_NAME);
  return store;
}

export function readLocal<T>(key: LocalKey): Promise<T | undefined> {
  return get<T>(key, localStore());
}

export function writeLocal(key: LocalKey, value: unknown): Promise<void> {
  return set(key, value, localStore());
}

export function removeLocal(key: LocalKey): Promise<void> {
  return del(key, localStore());
}

/** Removes everything the app keeps on the device: token, signed-in user, theme and the query cache. */
export function clearLocalStore(): Promise<void> {
  return clear(localStore());
}

/** The string storage the query persister writes the cache through, under its own key. */
export const localStringStorage = {
  getItem: async (key: string) => (await get<string>(key, localStore())) ?? null,
  setItem: (key: string, value: string) => set(key, value, localStore()),
  removeItem: (key: string) => del(key, localStore()),
};
