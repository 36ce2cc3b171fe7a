import type { Context } from 'hono';
import { DEVICE_TIME_HEADER } from '../../../contract/learning/device-time.ts';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * When the learner did what the request records, as their device says (the outbox's
 * Outbox-Created-At); undefined when the header is absent or not a UTC ISO time, and the server's
 * time stands in for it.
 */
export function deviceTime(c: Context): Date | undefined {
  const value = c.req.header(DEVICE_TIME_HEADER);
  if (!value || !ISO_TIME.test(value)) return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time;
}

/**
 * The time a learner record is dated by: the device's, which the server cannot check, held within
 * what it can defend (docs/decisions/019-when-offline-work-happened.md). Never after `now` (the
 * server got it then), and strictly after each of `after` (what it depends on began: the course's
 * round, the attempt), as a part counts toward a round only when done after its start. A time
 * outside is moved to the bound, not refused, so a device whose clock is off is not refused for
 * good. Without a device time, `now`.
 */
export function doneAt(device: Date | undefined, now: Date, after: (Date | null)[]): Date {
  let time = (device ?? now).getTime();
  for (const start of after) if (start !== null && time <= start.getTime()) time = start.getTime() + 1;
  return new Date(Math.min(time, now.getTime()));
}
