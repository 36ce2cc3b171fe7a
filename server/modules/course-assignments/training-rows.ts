import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FieldErrors, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import {
  type AssignedTraining,
  type AssignedTrainingDetail,
  type TrainingListQuery,
  type TrainingOutput,
  trainingMessages,
} from '../../../contract/training.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { courses } from '../../db/schema/courses.ts';
import { teamMembers } from '../../db/schema/teams.ts';
import { trainingCourses, trainingMembers, trainings } from '../../db/schema/trainings.ts';
import { users } from '../../db/schema/users.ts';
import { containsPattern } from '../../db/search.ts';
import { ApiError } from '../../http/errors.ts';

// Spelled out in full: drizzle writes a column of the outer table unqualified, and inside these
// subqueries an unqualified name would bind to the inner table's column of the same name.
const courseCount = sql<number>`(select count(*) from training_courses tc where tc.training_id = trainings.id)::int`;
/** An 'all' training counts the team as it is now, members who joined after it included. */
const memberCount = sql<number>`(case when trainings.assign_to = 'all'
  then (select count(*) from team_members m where m.team_id = trainings.team_id)
  else (select count(*) from training_members x where x.training_id = trainings.id) end)::int`;

const listColumns = {
  _id: trainings.id,
  trainingTitle: trainings.title,
  teamId: trainings.teamId,
  courseCount,
  memberCount,
  createdAt: trainings.createdAt,
  deadline: trainings.deadline,
  version: trainings.version,
  assignTo: trainings.assignTo,
};

type ListRow = { createdAt: Date; assignTo: 'all' | 'some' } & Omit<AssignedTraining, 'createdOn'>;
const toTraining = ({ createdAt, assignTo: _assignTo, ...row }: ListRow): AssignedTraining => ({
  ...row,
  createdOn: createdAt.toISOString(),
});

/** Trainings that include a member whose "First Last" matches. */
function includesMemberNamed(term: string): SQL {
  const pattern = containsPattern(term);
  return sql`(
    (trainings.assign_to = 'all' and exists (select 1 from team_members m join users u on u.id = m.user_id
      where m.team_id = trainings.team_id and (u.first_name || ' ' || u.last_name) ilike ${pattern}))
    or (trainings.assign_to = 'some' and exists (select 1 from training_members x join users u on u.id = x.user_id
      where x.training_id = trainings.id and (u.first_name || ' ' || u.last_name) ilike ${pattern})))`;
}

/** A team's trainings, newest first, with the number of matches from the same query. */
export async function trainingPage(db: Database, query: TrainingListQuery): Promise<Paged<AssignedTraining>> {
  const where = and(
    eq(trainings.teamId, query.team),
    query.search ? sql`${trainings.title} ilike ${containsPattern(query.search)}` : undefined,
    query.fullName ? includesMemberNamed(query.fullName) : undefined,
  );
  const offset = (query.page - 1) * query.limit;
  const rows = await db
    .select({ ...listColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(trainings)
    .where(where)
    .orderBy(desc(trainings.createdAt), desc(trainings.id))
    .limit(query.limit)
    .offset(offset);
  const total = rows[0]?.total ?? (offset === 0 ? 0 : await db.$count(trainings, where));
  return {
    data: rows.map(({ total: _total, ...row }) => toTraining(row)),
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
    total,
  };
}

export async function trainingDetail(
  db: Database,
  trainingId: string,
): Promise<AssignedTrainingDetail | undefined> {
  const [row] = await db.select(listColumns).from(trainings).where(eq(trainings.id, trainingId)).limit(1);
  if (!row) return undefined;
  const [courseRows, memberRows] = await Promise.all([
    db
      .select({ _id: courses.id, name: courses.name })
      .from(trainingCourses)
      .innerJoin(courses, eq(courses.id, trainingCourses.courseId))
      .where(eq(trainingCourses.trainingId, trainingId))
      .orderBy(asc(courses.name), asc(courses.id)),
    db
      .select({ _id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(trainingMembers)
      .innerJoin(users, eq(users.id, trainingMembers.userId))
      .where(eq(trainingMembers.trainingId, trainingId))
      .orderBy(sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, asc(users.id)),
  ]);
  return { ...toTraining(row), courses: courseRows, assignTo: row.assignTo, members: memberRows };
}

/** 404 when no training has the id. */
export async function trainingRecord(db: Database, trainingId: string) {
  const [row] = await db
    .select({
      id: trainings.id,
      teamId: trainings.teamId,
      title: trainings.title,
      deadline: trainings.deadline,
      assignTo: trainings.assignTo,
      version: trainings.version,
    })
    .from(trainings)
    .where(eq(trainings.id, trainingId))
    .limit(1);
  if (!row) throw new ApiError(404, messages.notFound);
  return row;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);
/** The schema checks the shape yyyy-mm-dd; this also refuses days that do not exist, such as 2030-02-30. */
const realDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
};

/** A deadline from the form: none, or a real day not before today (UTC); `keep` may stay as it was. */
export function checkDeadline(deadline: string | null | undefined, keep?: string | null): FieldErrors {
  if (!deadline || deadline === keep) return {};
  if (!realDay(deadline)) return { deadline: trainingMessages.deadlineInvalid };
  if (deadline < todayUtc()) return { deadline: trainingMessages.deadlinePast };
  return {};
}

export type CheckedTraining = {
  title: string;
  courseIds: string[];
  assignTo: 'all' | 'some';
  memberIds: string[];
  deadline: string | null;
};

/** What the schema cannot know: enabled courses, members of the team, a deadline not in the past. */
export async function checkTraining(
  db: Database,
  input: TrainingOutput,
  keepDeadline?: string | null,
): Promise<CheckedTraining> {
  const errors = checkDeadline(input.deadline, keepDeadline);
  const courseIds = [...new Set(input.courseIds.map((id) => id.toLowerCase()))];
  const enabled = await db.$count(courses, and(inArray(courses.id, courseIds), eq(courses.status, true)));
  if (enabled !== courseIds.length) errors.courseIds = trainingMessages.courseUnavailable;
  const memberIds =
    input.assignTo === 'some' ? [...new Set(input.memberIds.map((id) => id.toLowerCase()))] : [];
  if (memberIds.length > 0) {
    const inTeam = await db.$count(
      teamMembers,
      and(eq(teamMembers.teamId, input.teamId), inArray(teamMembers.userId, memberIds)),
    );
    if (inTeam !== memberIds.length) errors.memberIds = trainingMessages.memberNotInTeam;
  }
  if (Object.keys(errors).length > 0) throw new ApiError(422, messages.validationFailed, errors);
  return {
    title: input.trainingTitle,
    courseIds,
    assignTo: input.assignTo,
    memberIds,
    deadline: input.deadline || null,
  };
}

export type Recipient = { id: string; email: string; firstName: string };

/**
 * The enabled members a training includes now; with `unfinished`, only those who have not
 * completed every one of its courses.
 */
export async function trainingRecipients(
  db: Database,
  trainingId: string,
  { unfinished = false } = {},
): Promise<Recipient[]> {
  const notDone = unfinished
    ? sql`and (select count(*) from training_courses tc join course_completions cc
                on cc.course_id = tc.course_id and cc.user_id = u.id where tc.training_id = ${trainingId})
            < (select count(*) from training_courses tc where tc.training_id = ${trainingId})`
    : sql``;
  return queryRows<Recipient>(
    db,
    sql`select u.id, u.email, u.first_name as "firstName" from users u
         where u.status and u.id in (
           select m.user_id from trainings t join team_members m on m.team_id = t.team_id
            where t.id = ${trainingId} and t.assign_to = 'all'
           union
           select x.user_id from training_members x join trainings t on t.id = x.training_id
            where t.id = ${trainingId} and t.assign_to = 'some')
         ${notDone}
         order by u.id`,
  );
}

/** Course names of a training, for its mails. */
export async function trainingCourseNames(db: Database, trainingId: string): Promise<string[]> {
  const rows = await db
    .select({ name: courses.name })
    .from(trainingCourses)
    .innerJoin(courses, eq(courses.id, trainingCourses.courseId))
    .where(eq(trainingCourses.trainingId, trainingId))
    .orderBy(asc(courses.name));
  return rows.map((row) => row.name);
}
