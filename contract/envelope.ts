/** Response envelopes of the v1 API. */
export type ApiSuccess<T> = { message: string; results: T };

export type Paged<T> = { data: T[]; page: number; limit: number; totalPages: number; total: number };

/** Location and department lists name the page count `totalPage`, as the spec does. */
export type LookupPage<T> = { data: T[]; page: number; limit: number; totalPage: number; total: number };

export type FieldErrors = Record<string, string>;

export type ApiErrorBody = { message: string; errors?: FieldErrors };
