/**
 * How long data a user must see offline is kept: the gcTime of those queries and the maxAge of the
 * persisted cache. A query with the default 5-minute gcTime is dropped before it could be restored.
 */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
