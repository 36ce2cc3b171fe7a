import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  courseAssignmentPaths,
  type LearnerState,
  type MyTraining,
  type MyTrainingResult,
} from '../../../contract/course-assignments/resource.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { learnerCourseStates } from '../../db/assignments.ts';
import type { Database } from '../../db/client.ts';
import {
  assignedCourseIds,
  courseProgressRows,
  type ProgressRow,
  toLearnerCourse,
} from '../../db/learner-progress.ts';
import { isoTime, queryRows } from '../../db/rows.ts';
import { allow, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';

type Row = {
  assignment_id: string;
  title: string;
  kind: 'assigned' | 'suggested';
  deadline: string | null;
  course_id: string;
  name: string;
  state: LearnerState;
  completed_at: Date | string | null;
  expires_at: Date | string | null;
};

type QuizRow = { course_id: string; quiz_id: string; name: string };

/**
 * The user's courses' progress in their current round and their published quizzes (the ones a learner
 * takes, docs/decisions/016-what-a-learner-takes.md) in outline order, for all
 * of the user's courses at once (one query each, not one per course).
 */
async function progressAndQuizzes(db: Database, userId: string, now: Date) {
  const user = sql`${userId}::uuid`;
  const courseIds = assignedCourseIds(user);
  const progress = await queryRows<ProgressRow>(db, courseProgressRows(user, courseIds, now));
  const quizzes = await queryRows<QuizRow>(
    db,
    sql`select o.course_id, q.id as quiz_id, q.name
          from course_outline_items o join quizzes q on q.id = o.quiz_id
         where o.course_id in (${courseIds}) and q.status
         order by o.course_id, o.position, o.id`,
  );
  const quizzesOf = new Map<string, { quizId: string; name: string }[]>();
  for (const row of quizzes) {
    const list = quizzesOf.get(row.course_id) ?? [];
    list.push({ quizId: row.quiz_id, name: row.name });
    quizzesOf.set(row.course_id, list);
  }
  return {
    percentOf: new Map(progress.map((row) => [row.course_id, toLearnerCourse(row).progress.percent])),
    quizzesOf,
  };
}

/** The user's trainings, overdue first, then by deadline (none last), then by title. */
export async function myTraining(db: Database, userId: string, now: Date): Promise<MyTrainingResult> {
  const { percentOf, quizzesOf } = await progressAndQuizzes(db, userId, now);
  const rows = await queryRows<Row>(
    db,
    sql`select s.assignment_id, a.title, a.kind, s.deadline::text as deadline, s.course_id, c.name, s.state,
               s.completed_at, s.expires_at
          from (${learnerCourseStates({ userId: sql`${userId}::uuid` }, now)}) s
          join course_assignments a on a.id = s.assignment_id
          join courses c on c.id = s.course_id and c.status
         order by bool_or(s.state in ('overdue', 'expired')) over (partition by s.assignment_id) desc,
                  s.deadline nulls last, lower(a.title), a.id, lower(c.name), c.id`,
  );
  const trainings = new Map<string, MyTraining>();
  for (const row of rows) {
    let training = trainings.get(row.assignment_id);
    if (!training) {
      training = {
        _id: row.assignment_id,
        title: row.title,
        kind: row.kind,
        deadline: row.deadline,
        courses: [],
      };
      trainings.set(row.assignment_id, training);
    }
    training.courses.push({
      _id: row.course_id,
      name: row.name,
      state: row.state,
      completedAt: row.completed_at === null ? null : isoTime(row.completed_at),
      expiresAt: row.expires_at === null ? null : isoTime(row.expires_at),
      // Per assignment: the one that sees the course completed shows it whole.
      progress: row.state === 'completed' ? 100 : (percentOf.get(row.course_id) ?? 0),
      quizzes: quizzesOf.get(row.course_id) ?? [],
    });
  }
  const all = [...trainings.values()];
  return {
    assigned: all.filter((training) => training.kind === 'assigned'),
    suggested: all.filter((training) => training.kind === 'suggested'),
  };
}

/** GET /user-portal/my-training: the signed-in user's own trainings, whoever they are. */
export function myTrainingRoutes({ db, clock }: AppDeps) {
  return new Hono<AppEnv>().get(courseAssignmentPaths.myTraining, allow(db, signedIn), async (c) =>
    c.json({
      message: messages.listFetched,
      results: await myTraining(db, c.get('auth').userId, clock()),
    } satisfies ApiSuccess<MyTrainingResult>),
  );
}
