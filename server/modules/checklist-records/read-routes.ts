import { vValidator } from '@hono/valibot-validator';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { myChecklistQuerySchema } from '../../../contract/checklists/record-schemas.ts';
import {
  type ChecklistSummary,
  type LearnerChecklist,
  checklistRecordMessages as m,
  type ObservedChecklist,
  checklistRecordPaths as paths,
  type TeamChecklistMember,
} from '../../../contract/checklists/records.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { allow, signedIn, teamLead } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { accessibleMember, accessibleTeam } from '../../http/team-param.ts';
import { validationHook } from '../../http/validate.ts';
import { learnerCourse } from '../learning/course-access.ts';
import { observedChecklists, teamChecklistMembers } from './observed-queries.ts';
import { checklistSummaries, learnerChecklist } from './queries.ts';
import { rolesOn } from './roles.ts';

const ID = UUID_PARAM;

/** 404 unless the checklist exists. */
async function requireChecklist(db: Database, checklistId: string): Promise<void> {
  const [row] = await queryRows<{ id: string }>(db, sql`select id from checklists where id = ${checklistId}`);
  if (!row) throw new ApiError(404, messages.notFound);
}

/** The course's round for `?course=`: a course of the learner's whose outline holds the checklist. */
async function courseRound(
  db: Database,
  learnerId: string,
  checklistId: string,
  courseId: string,
  now: Date,
) {
  const [held] = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from course_outline_items o
         where o.course_id = ${courseId} and o.checklist_id = ${checklistId}`,
  );
  const [summary] = await checklistSummaries(db, learnerId, { checklistId });
  if (!held || !summary?.courses.some((course) => course._id === courseId))
    throw new ApiError(404, m.checklistNotAssigned);
  const state = await learnerCourse(db, learnerId, courseId, now);
  return { since: state.roundStart, standing: state.standing };
}

/**
 * The reads of checklist records (record 026): the learner's own, a lead's view of a member's, an
 * observer's, and a team's members on one checklist for the bulk sign-off. Each item says whether
 * the caller may record on it now.
 */
export function readRoutes({ db, clock }: AppDeps) {
  const lead = allow(db, teamLead);
  return new Hono<AppEnv>()
    .get(paths.mine, allow(db, signedIn), async (c) =>
      c.json({
        message: m.fetched,
        results: await checklistSummaries(db, c.get('auth').userId),
      } satisfies ApiSuccess<ChecklistSummary[]>),
    )
    .get(
      paths.myChecklist(`:checklistId${ID}`),
      allow(db, signedIn),
      vValidator('query', myChecklistQuerySchema, validationHook),
      async (c) => {
        const learnerId = c.get('auth').userId;
        const checklistId = pathId(c.req.param('checklistId'));
        const { course } = c.req.valid('query');
        const round = course ? await courseRound(db, learnerId, checklistId, course, clock()) : undefined;
        const roles = { self: true, lead: false, observer: false };
        return c.json({
          message: m.checklistFetched,
          results: await learnerChecklist(db, { learnerId, checklistId, roles, round }),
        } satisfies ApiSuccess<LearnerChecklist>);
      },
    )
    .get(paths.memberChecklists(`:teamId${ID}`, `:memberId${ID}`), lead, async (c) => {
      const { memberId } = await accessibleMember({ db }, c, 'view');
      return c.json({
        message: m.fetched,
        results: await checklistSummaries(db, memberId),
      } satisfies ApiSuccess<ChecklistSummary[]>);
    })
    .get(paths.memberChecklist(`:teamId${ID}`, `:memberId${ID}`, `:checklistId${ID}`), lead, async (c) => {
      const { memberId } = await accessibleMember({ db }, c, 'view');
      const checklistId = pathId(c.req.param('checklistId'));
      const roles = await rolesOn(db, c.get('auth').userId, memberId, checklistId);
      return c.json({
        message: m.checklistFetched,
        results: await learnerChecklist(db, { learnerId: memberId, checklistId, roles }),
      } satisfies ApiSuccess<LearnerChecklist>);
    })
    .get(paths.teamChecklist(`:teamId${ID}`, `:checklistId${ID}`), lead, async (c) => {
      const teamId = await accessibleTeam({ db }, c, 'view');
      const checklistId = pathId(c.req.param('checklistId'));
      await requireChecklist(db, checklistId);
      return c.json({
        message: m.checklistFetched,
        results: await teamChecklistMembers(db, teamId, checklistId),
      } satisfies ApiSuccess<TeamChecklistMember[]>);
    })
    .get(paths.observing, allow(db, signedIn), async (c) =>
      c.json({
        message: m.fetched,
        results: await observedChecklists(db, c.get('auth').userId),
      } satisfies ApiSuccess<ObservedChecklist[]>),
    )
    .get(paths.observedChecklist(`:checklistId${ID}`, `:learnerId${ID}`), allow(db, signedIn), async (c) => {
      const callerId = c.get('auth').userId;
      const checklistId = pathId(c.req.param('checklistId'));
      const learnerId = pathId(c.req.param('learnerId'));
      await requireChecklist(db, checklistId);
      const roles = await rolesOn(db, callerId, learnerId, checklistId);
      if (!roles.observer) throw new ApiError(403, m.notObserver);
      return c.json({
        message: m.checklistFetched,
        results: await learnerChecklist(db, { learnerId, checklistId, roles }),
      } satisfies ApiSuccess<LearnerChecklist>);
    });
}
