import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';

/** The Team Dashboard's Assign Events tab: a lead registers members of their teams, cancels, and marks attendance. */
export function teamEventRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
