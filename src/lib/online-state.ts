import { onlineManager } from '@tanstack/react-query';

/**
 * TanStack Query starts out believing it is online and learns otherwise only from an 'offline'
 * event, which a page opened without a network never receives. Told the truth before the first
 * request, it pauses the dashboard's reads instead of failing them (and toasting 'Network Error.'),
 * and resumes them on the 'online' event.
 */
export function syncOnlineState(): boolean {
  const online = typeof navigator === 'undefined' || navigator.onLine;
  if (!online) onlineManager.setOnline(false);
  return online;
}

/**
 * A route loader for a screen that shows its own query state (saved data, 'not saved yet', an
 * error with a retry): offline it requests nothing, and a failed read is left to the screen, so
 * the route opens either way instead of falling to the error page.
 */
export async function loadWhenOnline(load: () => Promise<unknown>): Promise<void> {
  if (!syncOnlineState()) return;
  await load().catch(() => undefined);
}
