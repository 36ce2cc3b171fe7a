import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { CourseAssignmentListQuery } from '../../../contract/course-assignments/list-query.ts';
import type {
  AssignmentCounts,
  AssignmentLearner,
  CourseAssignmentDetail,
  CourseAssignmentRow,
  LearnerState,
  NamedRef,
} from '../../../contract/course-assignments/resource.ts';
import type { Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { assignmentCounts, assignmentLearners, idList, learnerCourseStates } from '../../db/assignments.ts';
import type { Database } from '../../db/client.ts';
import { isoTime, queryRows } from '../../db/rows.ts';
import {
  courseAssignmentAssignees,
  courseAssignmentCourses,
  courseAssignments,
} from '../../db/schema/course-assignments.ts';
import { courses } from '../../db/schema/courses.ts';
import { teams } from '../../db/schema/teams.ts';
import { userGroups } from '../../db/schema/user-groups.ts';
import { users } from '../../db/schema/users.ts';
import { containsPattern } from '../../db/search.ts';
import { ApiError } from '../../http/errors.ts';

// Spelled out in full: drizzle writes a column of the outer table unqualified, and inside these
// subqueries an unqualified name would bind to the inner table's column of the same name.
const courseCount = sql<number>`(select count(*) from course_assignment_courses ac where ac.assignment_id = course_assignments.id)::int`;

const rowColumns = {
  _id: courseAssignments.id,
  title: courseAssignments.title,
  kind: courseAssignments.kind,
  assigneeKind: courseAssignments.assigneeKind,
  teamId: courseAssignments.teamId,
  courseCount,
  createdAt: courseAssignments.createdAt,
  deadline: courseAssignments.deadline,
  dueWithinDays: courseAssignments.dueWithinDays,
  version: courseAssignments.version,
};
type RowColumns = { createdAt: Date } & Omit<CourseAssignmentRow, 'createdOn' | 'counts'>;

const NO_COUNTS: AssignmentCounts = { assigned: 0, completed: 0, overdue: 0 };

/**
 * Assigned, completed and overdue learners of each assignment named, of those `view` lets the
 * caller see (learner-scope.ts; all when undefined).
 */
export async function countsOf(
  db: Database,
  ids: string[],
  now: Date,
  view?: SQL,
): Promise<Map<string, AssignmentCounts>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<AssignmentCounts & { assignment_id: string }>(
    db,
    assignmentCounts({ assignmentIn: idList(ids), userIn: view }, now),
  );
  return new Map(rows.map(({ assignment_id, ...counts }) => [assignment_id, counts]));
}

function toRows(rows: RowColumns[], counts: Map<string, AssignmentCounts>): CourseAssignmentRow[] {
  return rows.map(({ createdAt, ...row }) => ({
    ...row,
    createdOn: createdAt.toISOString(),
    counts: counts.get(row._id) ?? NO_COUNTS,
  }));
}

/** Assignments that include a learner the caller may see whose "First Last" matches. */
function includesLearnerNamed(term: string, view: SQL | undefined): SQL {
  return sql`exists (select 1 from (${assignmentLearners({ assignmentIn: sql`course_assignments.id`, userIn: view })}) l
    join users nu on nu.id = l.user_id
   where (nu.first_name || ' ' || nu.last_name) ilike ${containsPattern(term)})`;
}

/** Made for the team on its dashboard, or naming it as an assignee. */
function reachesTeam(teamId: string): SQL {
  return sql`(course_assignments.team_id = ${teamId} or exists (select 1 from course_assignment_assignees x
    where x.assignment_id = course_assignments.id and x.team_id = ${teamId}))`;
}

/** Includes the course. */
function includesCourse(courseId: string): SQL {
  return sql`exists (select 1 from course_assignment_courses ic
    where ic.assignment_id = course_assignments.id and ic.course_id = ${courseId})`;
}

/** Newest first, with the number of matches from the same query and each row's counts. */
export async function assignmentPage(
  db: Database,
  query: CourseAssignmentListQuery,
  now: Date,
  view?: SQL,
): Promise<Paged<CourseAssignmentRow>> {
  const where = and(
    query.team ? reachesTeam(query.team) : undefined,
    query.search ? sql`${courseAssignments.title} ilike ${containsPattern(query.search)}` : undefined,
    query.fullName ? includesLearnerNamed(query.fullName, view) : undefined,
    query.course ? includesCourse(query.course) : undefined,
  );
  const offset = (query.page - 1) * query.limit;
  const rows = await db
    .select({ ...rowColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(courseAssignments)
    .where(where)
    .orderBy(desc(courseAssignments.createdAt), desc(courseAssignments.id))
    .limit(query.limit)
    .offset(offset);
  const total = rows[0]?.total ?? (offset === 0 ? 0 : await db.$count(courseAssignments, where));
  const counts = await countsOf(
    db,
    rows.map((row) => row._id),
    now,
    view,
  );
  return {
    data: toRows(
      rows.map(({ total: _total, ...row }) => row),
      counts,
    ),
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
    total,
  };
}

/** 404 when no assignment has the id. */
export async function assignmentRecord(db: Database, assignmentId: string) {
  const [row] = await db
    .select({
      id: courseAssignments.id,
      teamId: courseAssignments.teamId,
      title: courseAssignments.title,
      kind: courseAssignments.kind,
      assigneeKind: courseAssignments.assigneeKind,
      deadline: courseAssignments.deadline,
      dueWithinDays: courseAssignments.dueWithinDays,
      expiryType: courseAssignments.expiryType,
      expiryDate: courseAssignments.expiryDate,
      expiryValue: courseAssignments.expiryValue,
      expiryUnit: courseAssignments.expiryUnit,
      version: courseAssignments.version,
    })
    .from(courseAssignments)
    .where(eq(courseAssignments.id, assignmentId))
    .limit(1);
  if (!row) throw new ApiError(404, messages.notFound);
  return row;
}
export type AssignmentRecordRow = Awaited<ReturnType<typeof assignmentRecord>>;

/**
 * The users, groups or teams an assignment names, with their names, by name; of the users, those
 * `view` lets the caller see.
 */
export async function assigneesOf(db: Database, assignmentId: string, view?: SQL): Promise<NamedRef[]> {
  const x = courseAssignmentAssignees;
  const byAssignment = eq(x.assignmentId, assignmentId);
  const [userRows, groupRows, teamRows] = await Promise.all([
    db
      .select({ _id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
      .from(x)
      .innerJoin(users, eq(users.id, x.userId))
      .where(and(byAssignment, view ? sql`${users.id} in (${view})` : undefined)),
    db
      .select({ _id: userGroups.id, name: userGroups.name })
      .from(x)
      .innerJoin(userGroups, eq(userGroups.id, x.groupId))
      .where(byAssignment),
    db
      .select({ _id: teams.id, name: teams.title })
      .from(x)
      .innerJoin(teams, eq(teams.id, x.teamId))
      .where(byAssignment),
  ]);
  return [...userRows, ...groupRows, ...teamRows].sort(
    (a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id),
  );
}

/** An assignment's courses, by name. */
export function coursesOf(db: Database, assignmentId: string): Promise<NamedRef[]> {
  return db
    .select({ _id: courses.id, name: courses.name })
    .from(courseAssignmentCourses)
    .innerJoin(courses, eq(courses.id, courseAssignmentCourses.courseId))
    .where(eq(courseAssignmentCourses.assignmentId, assignmentId))
    .orderBy(asc(courses.name), asc(courses.id));
}

export async function assignmentDetail(
  db: Database,
  assignmentId: string,
  now: Date,
  view?: SQL,
): Promise<CourseAssignmentDetail | undefined> {
  const [row] = await db
    .select({
      ...rowColumns,
      expiryType: courseAssignments.expiryType,
      expiryDate: courseAssignments.expiryDate,
      expiryValue: courseAssignments.expiryValue,
      expiryUnit: courseAssignments.expiryUnit,
    })
    .from(courseAssignments)
    .where(eq(courseAssignments.id, assignmentId))
    .limit(1);
  if (!row) return undefined;
  const { expiryType, expiryDate, expiryValue, expiryUnit, ...listed } = row;
  const [courseRows, assignees, counts] = await Promise.all([
    coursesOf(db, assignmentId),
    assigneesOf(db, assignmentId, view),
    countsOf(db, [assignmentId], now, view),
  ]);
  const [base] = toRows([listed], counts);
  return {
    ...(base as CourseAssignmentRow),
    courses: courseRows,
    assignees,
    expiryType,
    expiryDate,
    expiryValue,
    expiryUnit: expiryUnit ?? null,
  };
}

type StateRow = {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  assigned_at: Date | string;
  deadline: string | null;
  course_id: string;
  course_name: string;
  state: LearnerState;
  completed_at: Date | string | null;
  expires_at: Date | string | null;
};

/** The learners of an assignment the caller may see, with their deadline and state per course, by name. */
export async function learnersOf(
  db: Database,
  assignmentId: string,
  now: Date,
  view?: SQL,
): Promise<AssignmentLearner[]> {
  const rows = await queryRows<StateRow>(
    db,
    sql`select s.user_id, u.first_name, u.last_name, u.email, s.assigned_at, s.deadline::text as deadline,
               s.course_id, c.name as course_name, s.state, s.completed_at, s.expires_at
          from (${learnerCourseStates({ assignmentIn: idList([assignmentId]), userIn: view }, now)}) s
          join users u on u.id = s.user_id
          join courses c on c.id = s.course_id
         order by lower(u.last_name), lower(u.first_name), u.id, lower(c.name), s.course_id`,
  );
  const learners = new Map<string, AssignmentLearner>();
  for (const row of rows) {
    let learner = learners.get(row.user_id);
    if (!learner) {
      learner = {
        _id: row.user_id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        assignedAt: isoTime(row.assigned_at),
        deadline: row.deadline,
        courses: [],
      };
      learners.set(row.user_id, learner);
    }
    learner.courses.push({
      _id: row.course_id,
      name: row.course_name,
      state: row.state,
      completedAt: row.completed_at === null ? null : isoTime(row.completed_at),
      expiresAt: row.expires_at === null ? null : isoTime(row.expires_at),
    });
  }
  return [...learners.values()];
}
