import { API_BASE } from '@contract/paths';
import { getToken, signOut } from '@/lib/auth-store';
import { classifyFailure, serverMessage } from '@/lib/error-catalogue';
import { toast } from '@/lib/notify';

type QueryValue = string | number | undefined;

/** The name the server gave the file (`Content-Disposition: attachment; filename="users.csv"`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

function urlOf(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function failureBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * Saves a file the API answers (an export). A plain link cannot carry the bearer token, so the file
 * is fetched, then handed to the browser as a blob; failures follow the error catalogue like every
 * other call. Resolves to whether the file was saved.
 */
export async function downloadFile(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
): Promise<boolean> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(urlOf(path, query), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    const { toast: shown } = classifyFailure({ kind: 'network' });
    if (shown) toast.error(shown.message, shown.id);
    return false;
  }
  if (!response.ok) {
    const body = await failureBody(response);
    const outcome = classifyFailure({ kind: 'http', status: response.status, body });
    const message = outcome.toast?.message ?? serverMessage(body);
    if (message) toast.error(message, outcome.toast?.id);
    if (outcome.signOut && token !== null && token === getToken()) void signOut();
    return false;
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response.headers.get('Content-Disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; free it once that has started.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return true;
}
