import { vValidator } from '@hono/valibot-validator';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { bulkIdSchema } from '../../../contract/bulk.ts';
import { RESEND_EMAIL_RATE_LIMIT } from '../../../contract/constants.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { paths } from '../../../contract/paths.ts';
import {
  type AssignedTraining,
  type AssignedTrainingDetail,
  reassignTrainingSchema,
  type TrainingMailed,
  trainingListQuerySchema,
  trainingMessages,
  trainingSchema,
} from '../../../contract/training.ts';
import { overLimit } from '../../auth/rate-limit.ts';
import type { Transaction } from '../../db/client.ts';
import { trainingCourses, trainingMembers, trainings } from '../../db/schema/trainings.ts';
import { StaleVersion, staleAnswer } from '../../db/versioned-update.ts';
import { allow, teamLead } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError, foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { requireTeamAccess } from '../../http/team-access.ts';
import { validationHook } from '../../http/validate.ts';
import { type TrainingMailKind, trainingMail } from '../../mail/training-mail.ts';
import { courseOptionRoutes } from './course-options.ts';
import {
  type CheckedTraining,
  checkDeadline,
  checkTraining,
  type Recipient,
  trainingCourseNames,
  trainingDetail,
  trainingPage,
  trainingRecipients,
  trainingRecord,
} from './training-rows.ts';

/** Trainings a team lead assigns to their team (`/course-assignment`), and the courses to pick from. */
export function trainingRoutes(deps: AppDeps) {
  const { db, config, mailer } = deps;
  const auth = allow(db, teamLead);
  const link = `${config.appUrl}/user-portal/learning-process/training`;

  const detailOf = (trainingId: string) => foundOr404(trainingDetail(db, trainingId));

  /** One mail per recipient; 'some' members get their last_emailed_at stamped. */
  async function mail(kind: TrainingMailKind, trainingId: string, recipients: Recipient[]) {
    if (recipients.length === 0) return;
    const { title, deadline, assignTo } = await trainingRecord(db, trainingId);
    const training = { title, deadline, courses: await trainingCourseNames(db, trainingId) };
    await mailer.sendMany(recipients.map((member) => trainingMail(kind, member, training, link)));
    if (assignTo !== 'some') return;
    await db
      .update(trainingMembers)
      .set({ lastEmailedAt: sql`now()` })
      .where(
        and(
          eq(trainingMembers.trainingId, trainingId),
          inArray(
            trainingMembers.userId,
            recipients.map((r) => r.id),
          ),
        ),
      );
  }

  /** Writes the courses and members of a training to match the form, keeping rows that stay. */
  async function writeAssignment(tx: Transaction, trainingId: string, input: CheckedTraining) {
    await tx
      .delete(trainingCourses)
      .where(
        and(
          eq(trainingCourses.trainingId, trainingId),
          notInArray(trainingCourses.courseId, input.courseIds),
        ),
      );
    await tx
      .insert(trainingCourses)
      .values(input.courseIds.map((courseId) => ({ trainingId, courseId })))
      .onConflictDoNothing();
    const keep = input.memberIds.length > 0 ? notInArray(trainingMembers.userId, input.memberIds) : undefined;
    await tx.delete(trainingMembers).where(and(eq(trainingMembers.trainingId, trainingId), keep));
    if (input.memberIds.length > 0) {
      await tx
        .insert(trainingMembers)
        .values(input.memberIds.map((userId) => ({ trainingId, userId })))
        .onConflictDoNothing();
    }
  }

  const stale = async (trainingId: string) =>
    staleAnswer(await detailOf(trainingId), trainingMessages.staleVersion);

  // Only a uuid, so this GET never claims `/course-assignment/course-options`; other text names no
  // training anyway (404 either way).
  const oneTraining = `${paths.training(':trainingId')}${UUID_PARAM}`;

  return new Hono<AppEnv>()
    .get(paths.trainings, auth, vValidator('query', trainingListQuerySchema, validationHook), async (c) => {
      const query = c.req.valid('query');
      await requireTeamAccess(db, c.get('auth'), query.team, 'view');
      const results = await trainingPage(db, query);
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<Paged<AssignedTraining>>);
    })
    .post(paths.trainings, auth, vValidator('json', trainingSchema, validationHook), async (c) => {
      const body = c.req.valid('json');
      const { userId } = c.get('auth');
      await requireTeamAccess(db, c.get('auth'), body.teamId, 'edit');
      const input = await checkTraining(db, body);
      const trainingId = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(trainings)
          .values({
            teamId: body.teamId,
            title: input.title,
            deadline: input.deadline,
            assignTo: input.assignTo,
            createdBy: userId,
          })
          .returning({ id: trainings.id });
        if (!row) throw new Error('Inserting a training returned nothing');
        await writeAssignment(tx, row.id, input);
        return row.id;
      });
      await mail('assigned', trainingId, await trainingRecipients(db, trainingId));
      return c.json(
        {
          message: trainingMessages.trainingAssigned,
          results: await detailOf(trainingId),
        } satisfies ApiSuccess<AssignedTrainingDetail>,
        201,
      );
    })
    .delete(paths.trainings, auth, vValidator('json', bulkIdSchema, validationHook), async (c) => {
      const ids = [...new Set(c.req.valid('json').bulkId.map((id) => id.toLowerCase()))];
      const found = await db
        .select({ id: trainings.id, teamId: trainings.teamId })
        .from(trainings)
        .where(inArray(trainings.id, ids));
      if (found.length !== ids.length) throw new ApiError(404, messages.notFound);
      // Every team concerned must be the caller's before anything is deleted.
      for (const teamId of new Set(found.map((row) => row.teamId))) {
        await requireTeamAccess(db, c.get('auth'), teamId, 'edit');
      }
      await db.delete(trainings).where(inArray(trainings.id, ids));
      return c.json({ message: trainingMessages.trainingDeleted, results: null } satisfies ApiSuccess<null>);
    })
    .get(oneTraining, auth, async (c) => {
      const record = await trainingRecord(db, pathId(c.req.param('trainingId')));
      await requireTeamAccess(db, c.get('auth'), record.teamId, 'view');
      return c.json({
        message: messages.listFetched,
        results: await detailOf(record.id),
      } satisfies ApiSuccess<AssignedTrainingDetail>);
    })
    .patch(
      paths.training(':trainingId'),
      auth,
      vValidator('json', trainingSchema, validationHook),
      async (c) => {
        const body = c.req.valid('json');
        const record = await trainingRecord(db, pathId(c.req.param('trainingId')));
        await requireTeamAccess(db, c.get('auth'), record.teamId, 'edit');
        // A training stays in its team; naming another team names a training that is not there.
        if (body.teamId.toLowerCase() !== record.teamId) throw new ApiError(404, messages.notFound);
        if (body.version !== undefined && body.version !== record.version)
          return c.json(await stale(record.id), 409);
        // An unchanged deadline may be in the past by now; the title can still be fixed.
        const input = await checkTraining(db, body, record.deadline);
        const before = new Set((await trainingRecipients(db, record.id)).map((member) => member.id));
        try {
          await db.transaction(async (tx) => {
            const updated = await tx
              .update(trainings)
              .set({
                title: input.title,
                deadline: input.deadline,
                assignTo: input.assignTo,
                updatedAt: sql`now()`,
                version: sql`${trainings.version} + 1`,
              })
              .where(
                and(
                  eq(trainings.id, record.id),
                  body.version === undefined ? undefined : eq(trainings.version, body.version),
                ),
              )
              .returning({ id: trainings.id });
            if (updated.length === 0) throw new StaleVersion();
            await writeAssignment(tx, record.id, input);
          });
        } catch (error) {
          if (error instanceof StaleVersion) return c.json(await stale(record.id), 409);
          throw error;
        }
        // Members the edit brought in hear about it; the others were told when they were assigned.
        const added = (await trainingRecipients(db, record.id)).filter((member) => !before.has(member.id));
        await mail('assigned', record.id, added);
        return c.json({
          message: trainingMessages.trainingUpdated,
          results: await detailOf(record.id),
        } satisfies ApiSuccess<AssignedTrainingDetail>);
      },
    )
    .post(
      paths.trainingReassign(':trainingId'),
      auth,
      vValidator('json', reassignTrainingSchema, validationHook),
      async (c) => {
        const { deadline } = c.req.valid('json');
        const record = await trainingRecord(db, pathId(c.req.param('trainingId')));
        await requireTeamAccess(db, c.get('auth'), record.teamId, 'edit');
        const errors = checkDeadline(deadline);
        if (Object.keys(errors).length > 0) throw new ApiError(422, messages.validationFailed, errors);
        if (deadline && deadline !== record.deadline) {
          await db
            .update(trainings)
            .set({ deadline, updatedAt: sql`now()`, version: sql`${trainings.version} + 1` })
            .where(eq(trainings.id, record.id));
        }
        await mail('reassigned', record.id, await trainingRecipients(db, record.id, { unfinished: true }));
        return c.json({
          message: trainingMessages.trainingReassigned,
          results: await detailOf(record.id),
        } satisfies ApiSuccess<AssignedTrainingDetail>);
      },
    )
    .post(paths.trainingResendEmail(':trainingId'), auth, async (c) => {
      const record = await trainingRecord(db, pathId(c.req.param('trainingId')));
      await requireTeamAccess(db, c.get('auth'), record.teamId, 'edit');
      // Counted only once the training exists and the caller may use it, so those refusals use no quota.
      const retryAfter = await overLimit(db, `resend:training:${record.id}`, RESEND_EMAIL_RATE_LIMIT);
      if (retryAfter !== undefined) {
        c.header('Retry-After', String(retryAfter));
        throw new ApiError(429, messages.tooManyAttempts);
      }
      const recipients = await trainingRecipients(db, record.id);
      await mail('reminder', record.id, recipients);
      return c.json({
        message: trainingMessages.emailResent,
        results: { mailed: recipients.length },
      } satisfies ApiSuccess<TrainingMailed>);
    })
    .route('/', courseOptionRoutes(deps));
}
