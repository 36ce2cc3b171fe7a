import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';

/** The Attendees and Virtual Meetings screens. */
export function attendeeRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
