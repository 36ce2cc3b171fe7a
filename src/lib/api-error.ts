import type { FieldErrors } from '@contract/envelope';

/** A failed API call. `status` is 0 when the request never got an answer (network error). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  /** What the answer carried besides its message: a stale version's 409 carries the current record. */
  readonly results: unknown;

  constructor(status: number, message: string, errors: FieldErrors = {}, results?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.results = results;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
