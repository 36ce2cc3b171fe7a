import type { ApiSuccess, FieldErrors } from '@contract/envelope';
import { messages } from '@contract/messages';
import { API_BASE } from '@contract/paths';
import { ApiError } from '@/lib/api-error';
import { getToken, signOut } from '@/lib/auth-store';
import { classifyFailure, serverMessage } from '@/lib/error-catalogue';
import { toast } from '@/lib/notify';
import { isQueuedAnswer } from '@/lib/outbox-headers';

/** Said when a file is to be sent without a connection: nothing is sent. */
export const OFFLINE_UPLOAD_MESSAGE =
  'Uploading a file needs a connection. Connect to the internet and save again.';

export type UploadProgress = { loaded: number; total: number };

export type UploadOptions = {
  method: 'POST' | 'PATCH';
  /** Under the API's base, as the api client's paths are. */
  path: string;
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/** The answer kept for later by the service worker, when the server could not be reached. */
export type QueuedUpload = { queued: true; message: string };

function parse(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function fieldErrorsOf(body: unknown): FieldErrors {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return {};
  const errors = (body as { errors: unknown }).errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * Sends a multipart body with XMLHttpRequest, whose upload events tell how much of the file has
 * gone (fetch tells nothing until the answer). The bearer token is read at send time, as the api
 * client does. Offline it sends nothing and fails with OFFLINE_UPLOAD_MESSAGE. A refusal with
 * messages for the fields (422, or a file too large, 413) fails with them for the form to place.
 */
export function uploadForm<T>(options: UploadOptions): Promise<ApiSuccess<T> | QueuedUpload> {
  if (typeof navigator !== 'undefined' && !navigator.onLine)
    return Promise.reject(new ApiError(0, OFFLINE_UPLOAD_MESSAGE));
  const token = getToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method, `${API_BASE}${options.path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    });
    const abort = () => xhr.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was stopped.', 'AbortError')));
    xhr.addEventListener('error', () => {
      toast.error(messages.networkError);
      reject(new ApiError(0, messages.networkError));
    });
    xhr.addEventListener('load', () => {
      options.signal?.removeEventListener('abort', abort);
      const body = parse(xhr.responseText);
      if (isQueuedAnswer(xhr.status, body)) return resolve({ queued: true, message: body.message });
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as ApiSuccess<T>);
      const errors = fieldErrorsOf(body);
      const message = serverMessage(body);
      // A file too large is a message under its field, as a 422's are.
      if ((xhr.status === 422 || xhr.status === 413) && Object.keys(errors).length > 0)
        return reject(new ApiError(422, message ?? messages.somethingWentWrong, errors));
      const outcome = classifyFailure({ kind: 'http', status: xhr.status, body });
      if (outcome.toast) toast.error(outcome.toast.message, outcome.toast.id);
      if (outcome.signOut && token !== null && token === getToken()) void signOut();
      reject(
        new ApiError(
          xhr.status,
          message ?? outcome.toast?.message ?? messages.somethingWentWrong,
          errors,
          (body as { results?: unknown } | null)?.results,
        ),
      );
    });
    xhr.send(options.body);
  });
}
