import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  type CourseLearners,
  courseLearnersPath,
} from '../../../contract/course-assignments/course-learners.ts';
import { courseAssignmentArea } from '../../../contract/course-assignments/resource.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { assignmentLearners } from '../../db/assignments.ts';
import { queryRows } from '../../db/rows.ts';
import { courses } from '../../db/schema/courses.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';

/**
 * GET /course-assignment/course/{courseId}/learners: how many learners have the course through any
 * assignment, and through how many assignments. A learner is counted once however many
 * assignments give them the course, and, as each assignment's Assigned count, only while enabled.
 */
export function courseLearnerRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get(
    courseLearnersPath(`:courseId${UUID_PARAM}`),
    allow(db, permission(courseAssignmentArea.module, courseAssignmentArea.submodule, 'view')),
    async (c) => {
      const courseId = pathId(c.req.param('courseId'));
      const course = await foundOr404(
        db
          .select({ _id: courses.id, name: courses.name })
          .from(courses)
          .where(eq(courses.id, courseId))
          .then(([row]) => row),
      );
      const including = sql`select ac.assignment_id from course_assignment_courses ac where ac.course_id = ${courseId}`;
      const [counted] = await queryRows<{ learners: number; assignments: number; only: string | null }>(
        db,
        sql`select (select count(distinct l.user_id)
                      from (${assignmentLearners({ assignmentIn: including })}) l
                      join users u on u.id = l.user_id and u.status)::int as learners,
                   (select count(*) from (${including}) a)::int as assignments,
                   (select min(a.assignment_id::text) from (${including}) a) as only`,
      );
      const assignments = counted?.assignments ?? 0;
      return c.json({
        message: messages.listFetched,
        results: {
          course,
          learners: counted?.learners ?? 0,
          assignments,
          assignmentId: assignments === 1 ? (counted?.only ?? null) : null,
        },
      } satisfies ApiSuccess<CourseLearners>);
    },
  );
}
