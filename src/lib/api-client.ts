import type { ApiSuccess, FieldErrors } from '@contract/envelope';
import { messages } from '@contract/messages';
import { API_BASE } from '@contract/paths';
import { ApiError } from './api-error';
import { getToken, signOut } from './auth-store';
import { classifyFailure, type FailedRequest, serverMessage } from './error-catalogue';
import { toast } from './notify';
import { noteQueued } from './outbox';
import { isQueuedAnswer, type OutboxMeta, outboxHeaders } from './outbox-headers';

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  query?: Record<string, QueryValue>;
  /** A plain value is sent as JSON; FormData is sent as multipart (the browser sets the boundary). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Fail without toasts or sign-out: for calls whose failure the user must not see (logout). */
  quiet?: boolean;
  /** The screen says in place of its content that the record is not there: a 404 raises no toast. */
  notFoundInPlace?: boolean;
  /** What the change is for the outbox panel, and what to refetch once it is answered (writes only). */
  outbox?: OutboxMeta;
  /** The request outlives the page (a write made as the page is hidden or closed). */
  keepalive?: boolean;
};

/** A write the service worker kept for later (offline, or the server could not answer): not an error. */
export type QueuedResult = { message: string; results: null; queued: true; clientId: string | null };

/** The answer to a write: the server's, or the worker's promise to send it later. */
export type WriteResult<T> = (ApiSuccess<T> & { queued?: false }) | QueuedResult;

export function isQueued<T>(result: WriteResult<T>): result is QueuedResult {
  return result.queued === true;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy or gateway page instead of JSON: there is no server message to show.
    return null;
  }
}

function fieldErrors(body: unknown): FieldErrors {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return {};
  const { errors } = body as { errors: unknown };
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The answer's `results`, when a failure carries one (a stale version's current record). */
function resultsOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'results' in body ? body.results : undefined;
}

type FailOptions = Pick<RequestOptions, 'quiet' | 'notFoundInPlace'>;

function fail(failure: FailedRequest, sentToken: string | null, options: FailOptions): never {
  const outcome = classifyFailure(failure);
  const error =
    failure.kind === 'network'
      ? new ApiError(0, messages.networkError)
      : new ApiError(
          failure.status,
          serverMessage(failure.body) ?? outcome.toast?.message ?? messages.somethingWentWrong,
          fieldErrors(failure.body),
          resultsOf(failure.body),
        );
  if (!options.quiet) {
    const shownInPlace =
      options.notFoundInPlace === true && failure.kind === 'http' && failure.status === 404;
    if (outcome.toast && !shownInPlace) toast.error(outcome.toast.message, outcome.toast.id);
    // Only a request that carried the current session can end it: a 401 from POST /login means wrong
    // credentials, and an old request must not sign out a session started since.
    if (outcome.signOut && sentToken !== null && sentToken === getToken()) void signOut();
  }
  throw error;
}

async function request<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiSuccess<T>> {
  // Read at send time: a token refreshed or cleared since the call was set up must win.
  const token = getToken();
  const headers = new Headers(options.headers);
  if (options.outbox)
    for (const [name, value] of Object.entries(outboxHeaders(options.outbox))) headers.set(name, value);
  headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return fail({ kind: 'network' }, token, options);
  }
  const payload = await readBody(response);
  if (isQueuedAnswer(response.status, payload)) {
    if (!options.quiet) noteQueued(payload.message);
    const queued: QueuedResult = {
      message: payload.message,
      results: null,
      queued: true,
      clientId: payload.clientId ?? null,
    };
    // Only writes are queued; their callers take WriteResult<T>.
    return queued as unknown as ApiSuccess<T>;
  }
  if (!response.ok) return fail({ kind: 'http', status: response.status, body: payload }, token, options);
  return payload as ApiSuccess<T>;
}

type WriteOptions = RequestOptions & { outbox: OutboxMeta };

/** A write with outbox meta may be kept for later by the worker, so its caller handles WriteResult. */
function write(method: string) {
  function send<T>(path: string, body: unknown, options: WriteOptions): Promise<WriteResult<T>>;
  function send<T>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiSuccess<T>>;
  function send<T>(path: string, body?: unknown, options?: RequestOptions) {
    return request<T>(method, path, { ...options, body });
  }
  return send;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body' | 'outbox'>) =>
    request<T>('GET', path, options),
  post: write('POST'),
  patch: write('PATCH'),
  put: write('PUT'),
  delete: write('DELETE'),
};
