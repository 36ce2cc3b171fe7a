import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { bulkRoutes } from './bulk-route.ts';
import { observerRoutes } from './observer-routes.ts';
import { readRoutes } from './read-routes.ts';
import { recordRoutes } from './record-routes.ts';

/**
 * What people record on a learner's checklist items (contract/checklists/records.ts, record 026):
 * the learner's ticks, answers and evidence, the leads' and observers' sign-offs, 'not yet',
 * ratings and withdrawals, each a row of history; the reads of them for the learner, the lead and
 * the observer; and the observers the administration names for a checklist.
 */
export function checklistRecordRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .route('/', recordRoutes(deps))
    .route('/', bulkRoutes(deps))
    .route('/', readRoutes(deps))
    .route('/', observerRoutes(deps));
}
