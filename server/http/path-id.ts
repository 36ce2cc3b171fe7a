import { messages } from '../../contract/messages.ts';
import { ApiError } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A uuid path segment for Hono (`/user-group/:id${UUID_PARAM}`), so `/{resource}/{id}` never
 * swallows `/{resource}/info` and the like: two routes of a method never claim the same path.
 */
export const UUID_PARAM = '{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}}';

/** An id from the path; anything that is not a uuid cannot name a record, so it is a 404. */
export function pathId(value: string | undefined): string {
  if (!value || !UUID.test(value)) throw new ApiError(404, messages.notFound);
  return value.toLowerCase();
}
