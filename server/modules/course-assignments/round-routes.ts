import { vValidator } from '@hono/valibot-validator';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { RESEND_EMAIL_RATE_LIMIT } from '../../../contract/constants.ts';
import {
  ASSIGNMENT_MAIL_RATE_LIMIT,
  type AssignmentLearner,
  type AssignmentMailed,
  courseAssignmentArea,
  courseAssignmentMessages as m,
  courseAssignmentPaths as p,
} from '../../../contract/course-assignments/resource.ts';
import { bulkReassignSchema, reassignSchema } from '../../../contract/course-assignments/schemas.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { courseAssignments } from '../../db/schema/course-assignments.ts';
import { allow, teamLeadOr } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { pathId } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';
import { requireAssignmentAccess } from './access.ts';
import { learnerView } from './learner-scope.ts';
import { learnerCount, mailLearners, type Recipient, recipientsOf } from './mail.ts';
import { limitMailing } from './mail-limits.ts';
import { type AssignmentRecordRow, assignmentRecord, learnersOf } from './queries.ts';
import { checkDay } from './writes.ts';

/**
 * The rounds of an assignment: reassigning starts a new round for its learners (completions before
 * it stop counting, and a new deadline replaces theirs; without one a learner keeps their own), for one assignment or several, for all
 * its learners or those chosen; resending mails them now; and the learners with where they stand.
 */
export function roundRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  const auth = allow(db, teamLeadOr(courseAssignmentArea.module, courseAssignmentArea.submodule));

  function checkDeadline(deadline: string | null | undefined) {
    const error = checkDay(deadline, clock(), { invalid: m.deadlineInvalid, past: m.deadlinePast });
    if (error) throw new ApiError(422, messages.validationFailed, { deadline: error });
    return deadline || null;
  }

  /**
   * Whether the caller sees every learner of the assignment. Only then does reassigning all of
   * them move the assignment's own deadline, which also holds for learners of other leads' teams.
   */
  async function seesEveryone(assignmentId: string, view: SQL | undefined) {
    if (!view) return true;
    return (await learnerCount(db, assignmentId, undefined, view)) === (await learnerCount(db, assignmentId));
  }

  /** A new round for the recipients, with the deadline when one is given. */
  async function reassign(
    record: AssignmentRecordRow,
    recipients: Recipient[],
    deadline: string | null,
    all: boolean,
  ) {
    const at = clock().toISOString();
    await db.transaction(async (tx) => {
      // Reassigning everyone to a new day moves the assignment's own deadline too, for later joiners.
      if (all && deadline && record.dueWithinDays === null) {
        await tx
          .update(courseAssignments)
          .set({ deadline, updatedAt: sql`now()`, version: sql`${courseAssignments.version} + 1` })
          .where(eq(courseAssignments.id, record.id));
      }
      if (recipients.length === 0) return;
      await tx.execute(sql`
        insert into course_assignment_learners (assignment_id, user_id, started_at, deadline)
        select ${record.id}::uuid, id, ${at}::timestamptz, ${deadline}::date
          from unnest(${`{${recipients.map((r) => r.id).join(',')}}`}::uuid[]) as id
        on conflict (assignment_id, user_id)
        do update set started_at = excluded.started_at,
                      deadline = coalesce(excluded.deadline, course_assignment_learners.deadline)`);
    });
    const told = recipients.map((learner) => ({ ...learner, deadline: deadline ?? learner.deadline }));
    return mailLearners(deps, 'reassigned', record, told);
  }

  const mailedAnswer = (mailed: number) =>
    ({ message: m.trainingReassigned, results: { mailed } }) satisfies ApiSuccess<AssignmentMailed>;

  return new Hono<AppEnv>()
    .post(p.bulkReassign, auth, vValidator('json', bulkReassignSchema, validationHook), async (c) => {
      const body = c.req.valid('json');
      const ids = [...new Set(body.bulkId.map((id) => id.toLowerCase()))];
      const deadline = checkDeadline(body.deadline);
      const found = await db
        .select({ id: courseAssignments.id })
        .from(courseAssignments)
        .where(inArray(courseAssignments.id, ids));
      if (found.length !== ids.length) throw new ApiError(404, messages.notFound);
      const records = await Promise.all(ids.map((id) => assignmentRecord(db, id)));
      for (const record of records) await requireAssignmentAccess(db, c.get('auth'), record, 'edit');
      await limitMailing(c, db, 'reassign', ids, ASSIGNMENT_MAIL_RATE_LIMIT);
      const view = await learnerView(db, c.get('auth'), 'edit');
      let mailed = 0;
      for (const record of records)
        mailed += await reassign(
          record,
          await recipientsOf(db, record.id, undefined, view),
          deadline,
          await seesEveryone(record.id, view),
        );
      return c.json(mailedAnswer(mailed));
    })
    .post(
      p.reassign(':assignmentId'),
      auth,
      vValidator('json', reassignSchema, validationHook),
      async (c) => {
        const body = c.req.valid('json');
        const record = await assignmentRecord(db, pathId(c.req.param('assignmentId')));
        await requireAssignmentAccess(db, c.get('auth'), record, 'edit');
        const view = await learnerView(db, c.get('auth'), 'edit');
        const deadline = checkDeadline(body.deadline);
        const chosen =
          body.userIds.length > 0 ? [...new Set(body.userIds.map((id) => id.toLowerCase()))] : undefined;
        // Disabled learners may be chosen too; only enabled ones are mailed.
        // A learner the caller may not see is refused as not assigned, telling nothing about them.
        if (chosen && (await learnerCount(db, record.id, chosen, view)) !== chosen.length)
          throw new ApiError(422, messages.validationFailed, { userIds: m.learnerNotAssigned });
        await limitMailing(c, db, 'reassign', [record.id], ASSIGNMENT_MAIL_RATE_LIMIT);
        const recipients = await recipientsOf(db, record.id, chosen, view);
        const all = !chosen && (await seesEveryone(record.id, view));
        return c.json(mailedAnswer(await reassign(record, recipients, deadline, all)));
      },
    )
    .post(p.resendEmail(':assignmentId'), auth, async (c) => {
      const record = await assignmentRecord(db, pathId(c.req.param('assignmentId')));
      await requireAssignmentAccess(db, c.get('auth'), record, 'edit');
      await limitMailing(c, db, 'resend', [record.id], RESEND_EMAIL_RATE_LIMIT);
      const view = await learnerView(db, c.get('auth'), 'edit');
      const recipients = await recipientsOf(db, record.id, undefined, view);
      return c.json({
        message: m.emailResent,
        results: { mailed: await mailLearners(deps, 'reminder', record, recipients) },
      } satisfies ApiSuccess<AssignmentMailed>);
    })
    .get(p.learners(':assignmentId'), auth, async (c) => {
      const record = await assignmentRecord(db, pathId(c.req.param('assignmentId')));
      await requireAssignmentAccess(db, c.get('auth'), record, 'view');
      return c.json({
        message: messages.listFetched,
        results: await learnersOf(db, record.id, clock(), await learnerView(db, c.get('auth'), 'view')),
      } satisfies ApiSuccess<AssignmentLearner[]>);
    });
}
