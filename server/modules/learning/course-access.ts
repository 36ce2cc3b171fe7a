import { type SQL, sql } from 'drizzle-orm';
import { learningMessages as m } from '../../../contract/learning/resource.ts';
import type { Database, Transaction } from '../../db/client.ts';
import {
  courseInScope,
  courseProgressRows,
  type LearnerCourse,
  type ProgressRow,
  toLearnerCourse,
} from '../../db/learner-progress.ts';
import { preparedRows } from '../../db/prepared-rows.ts';
import { queryRows } from '../../db/rows.ts';
import { ApiError } from '../../http/errors.ts';

type Executor = Pick<Database, 'execute'>;
type Connection = Database | Transaction;

export const uuid = (id: string): SQL => sql`${id}::uuid`;

export type CourseRecord = {
  id: string;
  name: string;
  description: string;
  duration_minutes: number | null;
  image_key: string | null;
  gives_certificate: boolean;
  external_link: string | null;
  external_title: string | null;
  additional_external_link: string | null;
  additional_external_link_title: string | null;
  in_scope: boolean;
};

/**
 * The course a learner names, when it is theirs to take: 404 when it does not exist, 403 when it
 * is disabled or outside their permission scope (server/db/learner-progress.ts courseInScope).
 */
export async function courseForLearner(
  db: Executor,
  userId: string,
  courseId: string,
): Promise<CourseRecord> {
  const [course] = await queryRows<CourseRecord>(
    db as Database,
    sql`select c.id, c.name, c.description, c.duration_minutes, c.image_key, c.gives_certificate, c.external_link, c.external_title, c.additional_external_link,
               c.additional_external_link_title, ${courseInScope(uuid(userId), sql`c`)} as in_scope
          from courses c where c.id = ${courseId}`,
  );
  if (!course) throw new ApiError(404, m.courseNotFound);
  if (!course.in_scope) throw new ApiError(403, m.courseOutOfScope);
  return course;
}

/** Where the learner stands on one course. */
export async function learnerCourse(
  db: Connection,
  userId: string,
  courseId: string,
  now: Date,
): Promise<LearnerCourse> {
  // Prepared: its plan costs more than its run, and every learner write reads it.
  const [row] = await preparedRows<ProgressRow>(
    db,
    courseProgressRows(uuid(userId), sql`values (${uuid(courseId)})`, now),
  );
  if (!row) throw new Error(`No progress row for course ${courseId}`);
  return toLearnerCourse(row);
}

/** Where the learner stands on each of `courseIds` (a query of one column), by course id. */
export async function learnerCourses(
  db: Connection,
  userId: string,
  courseIds: SQL,
  now: Date,
): Promise<Map<string, LearnerCourse>> {
  const rows = await preparedRows<ProgressRow>(db, courseProgressRows(uuid(userId), courseIds, now));
  return new Map(rows.map((row) => [row.course_id, toLearnerCourse(row)]));
}
