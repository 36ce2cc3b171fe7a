import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';

/** The learner's events: their own, those open for registration, registering and cancelling, the Join link and the private calendar feed. */
export function learnerEventRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
