import { vValidator } from '@hono/valibot-validator';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { recordMessage } from '../../../contract/admin-list.ts';
import { bulkIdSchema } from '../../../contract/bulk.ts';
import { courseAssignmentListQuery } from '../../../contract/course-assignments/list-query.ts';
import {
  ASSIGNMENT_MAIL_RATE_LIMIT,
  type CourseAssignmentDetail,
  type CourseAssignmentRow,
  courseAssignmentArea,
  courseAssignmentMessages as m,
  courseAssignmentPaths as p,
} from '../../../contract/course-assignments/resource.ts';
import { courseAssignmentSchema } from '../../../contract/course-assignments/schemas.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { idList } from '../../db/assignments.ts';
import type { Transaction } from '../../db/client.ts';
import {
  courseAssignmentAssignees,
  courseAssignmentCourses,
  courseAssignments,
} from '../../db/schema/course-assignments.ts';
import { StaleVersion, staleAnswer } from '../../db/versioned-update.ts';
import { allow, teamLeadOr } from '../../http/access.ts';
import type { AppDeps, AppEnv, AuthState } from '../../http/app-env.ts';
import { ApiError, foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';
import {
  administersAssignments,
  ledTeamsNamed,
  requireAssignmentAccess,
  requireListAccess,
} from './access.ts';
import { complianceRoutes } from './compliance.ts';
import { courseLearnerRoutes } from './course-learners.ts';
import { assigneeOptionRoutes, courseOptionRoutes } from './course-options.ts';
import { learnerView, teamMembersIn } from './learner-scope.ts';
import { limitMailing } from './mail-limits.ts';
import { myTrainingRoutes } from './my-training.ts';
import { assignmentDetail, assignmentPage, assignmentRecord } from './queries.ts';
import { enqueueReminders, sendReminders } from './reminders.ts';
import { roundRoutes } from './round-routes.ts';
import { type CheckedAssignment, checkAssignment, writeLinks } from './writes.ts';

/** What the answers of its writes call one assignment, as both its screens' toasts show it. */
const TRAINING = 'training';

type Columns = Omit<CheckedAssignment, 'teamId' | 'assigneeIds' | 'courseIds'>;
const columnsOf = (input: Columns) => ({
  title: input.title,
  kind: input.kind,
  assigneeKind: input.assigneeKind,
  deadline: input.deadline,
  dueWithinDays: input.dueWithinDays,
  expiryType: input.expiryType,
  expiryDate: input.expiryDate,
  expiryValue: input.expiryValue,
  expiryUnit: input.expiryUnit,
});

/**
 * Course assignments (`/course-assignment`), one model behind two doors: the administration's
 * Assignments screens and the team dashboard's Assign Trainings tab. Each route is declared for
 * team leads and checks the caller itself (access.ts): an administrator of assignments reaches
 * every assignment, a team lead those made for their team.
 */
export function courseAssignmentRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  const auth = allow(db, teamLeadOr(courseAssignmentArea.module, courseAssignmentArea.submodule));
  /** The assignment with the counts of the learners the caller may see. */
  const detailOf = async (id: string, auth: AuthState) =>
    foundOr404(assignmentDetail(db, id, clock(), await learnerView(db, auth, 'view')));
  const stale = async (id: string, auth: AuthState) => staleAnswer(await detailOf(id, auth), m.staleVersion);
  // Only a uuid, so this GET never claims `/course-assignment/course-options`.
  const one = `${p.one(':assignmentId')}${UUID_PARAM}`;

  /** The `assigned` mail for the assignment's new learners, now rather than at the next sweep. */
  async function mailAssigned(id: string) {
    const scope = { assignmentIn: idList([id]) };
    await enqueueReminders(db, clock(), { scope, kinds: ['assigned'] });
    await sendReminders(deps, scope);
  }

  /**
   * Which assignees a copy keeps: all of them for an administrator of assignments; for the team
   * dashboard's door, what its form may assign (teams the caller leads, members of the team the
   * assignment was made for, no groups), so a lead's copy reaches no other lead's members.
   */
  async function copiedAssignees(record: { id: string; teamId: string | null }, auth: AuthState) {
    if (await administersAssignments(db, auth, 'edit')) return sql``;
    const led = await ledTeamsNamed(db, auth, record.id);
    const members = record.teamId ? teamMembersIn(sql`${record.teamId}::uuid`) : sql`select null::uuid`;
    return sql`and (team_id in (${idList(led)}) or user_id in (${members}))`;
  }

  async function insert(tx: Transaction, input: CheckedAssignment, userId: string, title = input.title) {
    const [row] = await tx
      .insert(courseAssignments)
      .values({ ...columnsOf(input), title, teamId: input.teamId, createdBy: userId })
      .returning({ id: courseAssignments.id });
    if (!row) throw new Error('Inserting a course assignment returned nothing');
    await writeLinks(tx, row.id, input);
    return row.id;
  }

  return new Hono<AppEnv>()
    .get(p.list, auth, vValidator('query', courseAssignmentListQuery, validationHook), async (c) => {
      const query = c.req.valid('query');
      await requireListAccess(db, c.get('auth'), query.team);
      const view = await learnerView(db, c.get('auth'), 'view');
      const results = await assignmentPage(db, query, clock(), view);
      return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<
        Paged<CourseAssignmentRow>
      >);
    })
    .post(p.list, auth, vValidator('json', courseAssignmentSchema, validationHook), async (c) => {
      const { userId } = c.get('auth');
      const input = await checkAssignment(db, c.get('auth'), c.req.valid('json'), clock());
      const id = await db.transaction((tx) => insert(tx, input, userId));
      await mailAssigned(id);
      const results = await detailOf(id, c.get('auth'));
      return c.json(
        {
          message: recordMessage(TRAINING, results.title, 'created'),
          results,
        } satisfies ApiSuccess<CourseAssignmentDetail>,
        201,
      );
    })
    .delete(p.list, auth, vValidator('json', bulkIdSchema, validationHook), async (c) => {
      const ids = [...new Set(c.req.valid('json').bulkId.map((id) => id.toLowerCase()))];
      const found = await db
        .select({
          id: courseAssignments.id,
          teamId: courseAssignments.teamId,
          title: courseAssignments.title,
        })
        .from(courseAssignments)
        .where(inArray(courseAssignments.id, ids));
      if (found.length !== ids.length) throw new ApiError(404, messages.notFound);
      // Every one must be the caller's to delete before anything is deleted.
      for (const record of found) await requireAssignmentAccess(db, c.get('auth'), record, 'edit');
      await db.delete(courseAssignments).where(inArray(courseAssignments.id, ids));
      const [only] = found;
      const message =
        found.length === 1 && only ? recordMessage(TRAINING, only.title, 'deleted') : m.trainingDeleted;
      return c.json({ message, results: null } satisfies ApiSuccess<null>);
    })
    .get(one, auth, async (c) => {
      const record = await assignmentRecord(db, pathId(c.req.param('assignmentId')));
      await requireAssignmentAccess(db, c.get('auth'), record, 'view');
      return c.json({
        message: messages.listFetched,
        results: await detailOf(record.id, c.get('auth')),
      } satisfies ApiSuccess<CourseAssignmentDetail>);
    })
    .patch(one, auth, vValidator('json', courseAssignmentSchema, validationHook), async (c) => {
      const body = c.req.valid('json');
      const record = await assignmentRecord(db, pathId(c.req.param('assignmentId')));
      await requireAssignmentAccess(db, c.get('auth'), record, 'edit');
      if (body.version !== undefined && body.version !== record.version)
        return c.json(await stale(record.id, c.get('auth')), 409);
      // Unchanged days may be in the past by now; the rest can still be fixed.
      const input = await checkAssignment(db, c.get('auth'), body, clock(), record);
      try {
        await db.transaction(async (tx) => {
          const updated = await tx
            .update(courseAssignments)
            .set({
              ...columnsOf(input),
              updatedAt: sql`now()`,
              version: sql`${courseAssignments.version} + 1`,
            })
            .where(
              and(
                eq(courseAssignments.id, record.id),
                body.version === undefined ? undefined : eq(courseAssignments.version, body.version),
              ),
            )
            .returning({ id: courseAssignments.id });
          if (updated.length === 0) throw new StaleVersion();
          await writeLinks(tx, record.id, input);
        });
      } catch (error) {
        if (error instanceof StaleVersion) return c.json(await stale(record.id, c.get('auth')), 409);
        throw error;
      }
      // Learners the edit brought in hear about it; the others were told when they were assigned.
      await mailAssigned(record.id);
      const results = await detailOf(record.id, c.get('auth'));
      return c.json({
        message: recordMessage(TRAINING, results.title, 'updated'),
        results,
      } satisfies ApiSuccess<CourseAssignmentDetail>);
    })
    .post(`${p.duplicate(':assignmentId')}${UUID_PARAM}`, auth, async (c) => {
      const record = await assignmentRecord(db, pathId(c.req.param('assignmentId')));
      await requireAssignmentAccess(db, c.get('auth'), record, 'edit');
      await limitMailing(c, db, 'duplicate', [record.id], ASSIGNMENT_MAIL_RATE_LIMIT);
      const kept = await copiedAssignees(record, c.get('auth'));
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(courseAssignments)
          .values({
            ...columnsOf({ ...record, expiryUnit: record.expiryUnit ?? null }),
            title: `${record.title} (copy)`,
            teamId: record.teamId,
            createdBy: c.get('auth').userId,
          })
          .returning({ id: courseAssignments.id });
        if (!row) throw new Error('Copying a course assignment returned nothing');
        await tx.execute(sql`insert into ${courseAssignmentCourses} (assignment_id, course_id)
          select ${row.id}::uuid, course_id from course_assignment_courses where assignment_id = ${record.id}`);
        await tx.execute(sql`insert into ${courseAssignmentAssignees} (assignment_id, user_id, group_id, team_id)
          select ${row.id}::uuid, user_id, group_id, team_id from course_assignment_assignees
           where assignment_id = ${record.id} ${kept}`);
        return row.id;
      });
      await mailAssigned(id);
      return c.json(
        {
          message: m.trainingDuplicated,
          results: await detailOf(id, c.get('auth')),
        } satisfies ApiSuccess<CourseAssignmentDetail>,
        201,
      );
    })
    .route('/', roundRoutes(deps))
    .route('/', myTrainingRoutes(deps))
    .route('/', complianceRoutes(deps))
    .route('/', courseOptionRoutes(deps))
    .route('/', courseLearnerRoutes(deps))
    .route('/', assigneeOptionRoutes(deps));
}
