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

/** The user's trainings, overdue first, then by deadline (none last), then by title. */
export async function myTraining(db: Database, userId: string, now: Date): Promise<MyTrainingResult> {
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
