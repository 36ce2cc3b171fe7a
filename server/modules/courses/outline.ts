import { vValidator } from '@hono/valibot-validator';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  COURSE_MAX_OUTLINE,
  courseMessages as m,
  type OutlineItem,
  coursePaths as paths,
  courseResource as resource,
} from '../../../contract/courses/resource.ts';
import { outlineAddSchema, outlineOrderSchema } from '../../../contract/courses/schemas.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { checklists } from '../../db/schema/checklists.ts';
import { courseOutlineItems } from '../../db/schema/courses.ts';
import { elearningPackages } from '../../db/schema/elearning.ts';
import { events } from '../../db/schema/events.ts';
import { lessons } from '../../db/schema/lessons.ts';
import { quizzes } from '../../db/schema/quizzes.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';
import { lockCourse, refuse } from './writes.ts';

type Executor = Pick<Database, 'execute'>;

/** A course's lessons, quizzes, checklists, e-learning packages and events in order; 404 when the course does not exist. */
export async function outlineOf(db: Executor, courseId: string): Promise<OutlineItem[]> {
  const rows = await queryRows<OutlineItem & { course: string | null }>(
    db as Database,
    sql`select c.id as course, o.kind, o.id, o.name, o.status
        from courses c left join (
          select i.course_id, i.position, 'lesson' as kind, l.id, l.name, l.status
          from course_outline_items i join lessons l on l.id = i.lesson_id
          union all
          select i.course_id, i.position, 'quiz' as kind, q.id, q.name, q.status
          from course_outline_items i join quizzes q on q.id = i.quiz_id
          union all
          select i.course_id, i.position, 'checklist' as kind, k.id, k.title as name, k.status
          from course_outline_items i join checklists k on k.id = i.checklist_id
          union all
          select i.course_id, i.position, 'elearning' as kind, e.id, e.title as name, e.status
          from course_outline_items i join elearning_packages e on e.id = i.elearning_package_id
          union all
          select i.course_id, i.position, 'event' as kind, v.id, v.title as name, v.status
          from course_outline_items i join events v on v.id = i.event_id
        ) o on o.course_id = c.id
        where c.id = ${courseId}
        order by o.position, o.id`,
  );
  if (rows.length === 0) throw new ApiError(404, messages.notFound);
  return rows.filter((row) => row.id !== null).map(({ course: _course, ...item }) => item);
}

/** Of `ids`, those the table holds. */
async function existing(
  tx: Transaction,
  table: typeof lessons | typeof quizzes | typeof checklists | typeof elearningPackages | typeof events,
  ids: string[],
) {
  if (ids.length === 0) return [];
  const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return rows.map((row) => row.id);
}

type OutlineAdd = {
  lessonIds: string[];
  quizIds: string[];
  checklistIds: string[];
  elearningPackageIds: string[];
  eventIds: string[];
};

/**
 * Appends lessons, quizzes, checklists, packages and events not yet in the outline, in the order
 * sent (lessons, quizzes, checklists, packages, events).
 */
async function addItems(tx: Transaction, courseId: string, input: OutlineAdd) {
  await lockCourse(tx, courseId);
  const lessonsWanted = [...new Set(input.lessonIds)];
  const quizzesWanted = [...new Set(input.quizIds)];
  const checklistsWanted = [...new Set(input.checklistIds)];
  const packagesWanted = [...new Set(input.elearningPackageIds)];
  const eventsWanted = [...new Set(input.eventIds)];
  if ((await existing(tx, lessons, lessonsWanted)).length !== lessonsWanted.length)
    throw refuse('lessonIds', m.lessonsNotFound);
  if ((await existing(tx, quizzes, quizzesWanted)).length !== quizzesWanted.length)
    throw refuse('quizIds', m.quizzesNotFound);
  if ((await existing(tx, checklists, checklistsWanted)).length !== checklistsWanted.length)
    throw refuse('checklistIds', m.checklistsNotFound);
  if ((await existing(tx, elearningPackages, packagesWanted)).length !== packagesWanted.length)
    throw refuse('elearningPackageIds', m.packagesNotFound);
  if ((await existing(tx, events, eventsWanted)).length !== eventsWanted.length)
    throw refuse('eventIds', m.eventsNotFound);
  const current = await tx
    .select({
      lessonId: courseOutlineItems.lessonId,
      quizId: courseOutlineItems.quizId,
      checklistId: courseOutlineItems.checklistId,
      elearningPackageId: courseOutlineItems.elearningPackageId,
      eventId: courseOutlineItems.eventId,
      position: courseOutlineItems.position,
    })
    .from(courseOutlineItems)
    .where(eq(courseOutlineItems.courseId, courseId));
  const has = new Set(
    current.flatMap((row) => [
      row.lessonId,
      row.quizId,
      row.checklistId,
      row.elearningPackageId,
      row.eventId,
    ]),
  );
  const fresh = [
    ...lessonsWanted.filter((id) => !has.has(id)).map((id) => ({ lessonId: id })),
    ...quizzesWanted.filter((id) => !has.has(id)).map((id) => ({ quizId: id })),
    ...checklistsWanted.filter((id) => !has.has(id)).map((id) => ({ checklistId: id })),
    ...packagesWanted.filter((id) => !has.has(id)).map((id) => ({ elearningPackageId: id })),
    ...eventsWanted.filter((id) => !has.has(id)).map((id) => ({ eventId: id })),
  ];
  if (current.length + fresh.length > COURSE_MAX_OUTLINE) throw refuse('lessonIds', m.outlineFull);
  if (fresh.length === 0) return;
  const start = current.reduce((max, row) => Math.max(max, row.position), -1) + 1;
  await tx
    .insert(courseOutlineItems)
    .values(fresh.map((item, index) => ({ courseId, position: start + index, ...item })));
}

/** Sets positions from `itemIds`, which must name every lesson, quiz, checklist, package and event of the outline once. */
async function reorder(tx: Transaction, courseId: string, itemIds: string[]) {
  await lockCourse(tx, courseId);
  const current = await tx
    .select({
      id: courseOutlineItems.id,
      lessonId: courseOutlineItems.lessonId,
      quizId: courseOutlineItems.quizId,
      checklistId: courseOutlineItems.checklistId,
      elearningPackageId: courseOutlineItems.elearningPackageId,
      eventId: courseOutlineItems.eventId,
    })
    .from(courseOutlineItems)
    .where(eq(courseOutlineItems.courseId, courseId));
  const rowOf = new Map(
    current.map((row) => [
      (row.lessonId ?? row.quizId ?? row.checklistId ?? row.elearningPackageId ?? row.eventId) as string,
      row.id,
    ]),
  );
  if (
    itemIds.length !== current.length ||
    new Set(itemIds).size !== itemIds.length ||
    !itemIds.every((id) => rowOf.has(id))
  )
    throw refuse('itemIds', m.orderMismatch);
  if (itemIds.length === 0) return;
  const cases = sql.join(
    itemIds.map((id, index) => sql`when ${rowOf.get(id)}::uuid then ${index}::int`),
    sql` `,
  );
  await tx.execute(
    sql`update course_outline_items set position = case id ${cases} end where course_id = ${courseId}`,
  );
}

/** The outline routes: read, append existing lessons, quizzes, checklists, packages and events, reorder, remove one. */
export function outlineRoutes(db: Database) {
  const can = (action: 'view' | 'edit') => allow(db, permission(resource.module, resource.submodule, action));
  const course = `:courseId${UUID_PARAM}`;
  const answer = async (courseId: string) => outlineOf(db, courseId);

  return new Hono<AppEnv>()
    .get(paths.outline(course), can('view'), async (c) =>
      c.json({
        message: messages.listFetched,
        results: await answer(pathId(c.req.param('courseId'))),
      } satisfies ApiSuccess<OutlineItem[]>),
    )
    .post(
      paths.outline(course),
      can('edit'),
      vValidator('json', outlineAddSchema, validationHook),
      async (c) => {
        const courseId = pathId(c.req.param('courseId'));
        const input = c.req.valid('json');
        await db.transaction((tx) => addItems(tx, courseId, input));
        return c.json({ message: m.outlineAdded, results: await answer(courseId) } satisfies ApiSuccess<
          OutlineItem[]
        >);
      },
    )
    .post(
      paths.outlineOrder(course),
      can('edit'),
      vValidator('json', outlineOrderSchema, validationHook),
      async (c) => {
        const courseId = pathId(c.req.param('courseId'));
        await db.transaction((tx) => reorder(tx, courseId, c.req.valid('json').itemIds));
        return c.json({
          message: m.outlineOrdered,
          results: await answer(courseId),
        } satisfies ApiSuccess<OutlineItem[]>);
      },
    )
    .delete(paths.outlineItem(course, `:itemId${UUID_PARAM}`), can('edit'), async (c) => {
      const courseId = pathId(c.req.param('courseId'));
      const itemId = pathId(c.req.param('itemId'));
      await db.transaction(async (tx) => {
        await lockCourse(tx, courseId);
        const removed = await tx
          .delete(courseOutlineItems)
          .where(
            and(
              eq(courseOutlineItems.courseId, courseId),
              or(
                eq(courseOutlineItems.lessonId, itemId),
                eq(courseOutlineItems.quizId, itemId),
                eq(courseOutlineItems.checklistId, itemId),
                eq(courseOutlineItems.elearningPackageId, itemId),
                eq(courseOutlineItems.eventId, itemId),
              ),
            ),
          )
          .returning({ id: courseOutlineItems.id });
        if (removed.length === 0) throw new ApiError(404, m.itemNotInOutline);
      });
      return c.json({ message: m.outlineRemoved, results: await answer(courseId) } satisfies ApiSuccess<
        OutlineItem[]
      >);
    });
}
