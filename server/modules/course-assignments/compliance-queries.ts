import { type SQL, sql } from 'drizzle-orm';
import {
  type ComplianceExportQuery,
  type ComplianceFigures,
  type ComplianceReportRow,
  type ComplianceResult,
  type ComplianceStatus,
  EXPIRING_WITHIN_DAYS,
  type NamedFigures,
} from '../../../contract/course-assignments/compliance.ts';
import type { LearnerState } from '../../../contract/course-assignments/resource.ts';
import { learnerCourseStates } from '../../db/assignments.ts';
import type { Database } from '../../db/client.ts';
import { isoTime, queryRows } from '../../db/rows.ts';
import { teamMembersIn } from './learner-scope.ts';

const DAY_MS = 86_400_000;

/** Enabled users, or the enabled members of a team: the learners the figures count. */
export function learnersInScope(team: string | undefined): SQL {
  return team
    ? sql`select m.user_id from (${teamMembersIn(sql`${team}::uuid`)}) m join users lu on lu.id = m.user_id
           where lu.status`
    : sql`select lu.id from users lu where lu.status`;
}

/**
 * One row per course of assigned training of each learner `userIn` names, with its state and
 * whether its completion expires within EXPIRING_WITHIN_DAYS days. Worked out set-based (grouped
 * completions, hash joins), so the whole organization is one pass.
 */
export function complianceRows(userIn: SQL, now: Date): SQL {
  const soon = new Date(now.getTime() + EXPIRING_WITHIN_DAYS * DAY_MS).toISOString();
  return sql`
    select s.*, (s.state = 'completed' and s.expires_at <= ${soon}::timestamptz) as expiring
      from (${learnerCourseStates({ kind: 'assigned', userIn }, now)}) s`;
}

/** The rows a figure counts, as a condition on `complianceRows` aliased `s`. */
export function statusCondition(status: ComplianceStatus): SQL {
  switch (status) {
    case 'assigned':
      return sql`true`;
    case 'completed':
      return sql`s.state = 'completed'`;
    case 'overdue':
      return sql`s.state in ('overdue', 'expired')`;
    case 'expiring':
      return sql`s.expiring`;
  }
}

const counts = sql`count(*)::int as assigned,
  count(*) filter (where s.state = 'completed')::int as completed,
  count(*) filter (where s.state in ('overdue', 'expired'))::int as overdue,
  count(*) filter (where s.expiring)::int as expiring`;

type FigureRow = ComplianceFigures & {
  dim: 'total' | 'team' | 'course';
  id: string | null;
  name: string | null;
};

const figuresOf = (row: ComplianceFigures): ComplianceFigures => ({
  assigned: row.assigned,
  completed: row.completed,
  overdue: row.overdue,
  expiring: row.expiring,
});

const sums = sql`sum(g.assigned)::int as assigned, sum(g.completed)::int as completed,
  sum(g.overdue)::int as overdue, sum(g.expiring)::int as expiring`;

/**
 * The figures for the organization (or a team's members), per team and per course, in one
 * statement over one pass of the rows: they are counted per learner and per course at once
 * (grouping sets), and the learners' counts are summed for the total and for each team.
 */
export function complianceFiguresSql(team: string | undefined, now: Date): SQL {
  return sql`with g as materialized (
          select grouping(s.course_id) = 0 as per_course, s.user_id, s.course_id, ${counts}
            from (${complianceRows(learnersInScope(team), now)}) s
           group by grouping sets ((s.user_id), (s.course_id)))
        select 'total' as dim, null::uuid as id, null::text as name,
               coalesce(sum(g.assigned), 0)::int as assigned, coalesce(sum(g.completed), 0)::int as completed,
               coalesce(sum(g.overdue), 0)::int as overdue, coalesce(sum(g.expiring), 0)::int as expiring
          from g where not g.per_course
        union all
        select 'team', t.id, t.title, ${sums}
          from g join team_members tm on tm.user_id = g.user_id ${team ? sql`and tm.team_id = ${team}` : sql``}
          join teams t on t.id = tm.team_id
         where not g.per_course
         group by t.id, t.title
        union all
        select 'course', c.id, c.name, g.assigned, g.completed, g.overdue, g.expiring
          from g join courses c on c.id = g.course_id
         where g.per_course`;
}

export async function complianceFigures(
  db: Database,
  team: string | undefined,
  now: Date,
): Promise<ComplianceResult> {
  const rows = await queryRows<FigureRow>(db, complianceFiguresSql(team, now));
  const named = (dim: FigureRow['dim']): NamedFigures[] =>
    rows
      .filter((row) => row.dim === dim)
      .map((row) => ({ _id: row.id as string, name: row.name as string, ...figuresOf(row) }))
      .sort((a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id));
  const total = rows.find((row) => row.dim === 'total');
  return {
    asOf: now.toISOString(),
    total: total ? figuresOf(total) : { assigned: 0, completed: 0, overdue: 0, expiring: 0 },
    teams: named('team'),
    courses: named('course'),
  };
}

type ReportRow = {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  assignment_id: string;
  title: string;
  course_id: string;
  course_name: string;
  deadline: string | null;
  state: LearnerState;
  completed_at: Date | string | null;
  expires_at: Date | string | null;
  teams?: string;
  total?: number;
};

export function reportRowOf(row: ReportRow): ComplianceReportRow {
  return {
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    assignmentId: row.assignment_id,
    title: row.title,
    courseId: row.course_id,
    courseName: row.course_name,
    deadline: row.deadline,
    state: row.state,
    completedAt: row.completed_at === null ? null : isoTime(row.completed_at),
    expiresAt: row.expires_at === null ? null : isoTime(row.expires_at),
  };
}

/** Learners by first name, last name; each one's rows by training and course. */
const reportOrder = sql`u.first_name, u.last_name, u.id, a.title, a.id, c.name, c.id`;

function reportSelect(userIn: SQL, filters: ComplianceExportQuery, now: Date, extra: SQL): SQL {
  return sql`
    select s.user_id, u.first_name, u.last_name, u.email, s.assignment_id, a.title, s.course_id,
           c.name as course_name, s.deadline::text as deadline, s.state, s.completed_at, s.expires_at ${extra}
      from (${complianceRows(userIn, now)}) s
      join users u on u.id = s.user_id
      join course_assignments a on a.id = s.assignment_id
      join courses c on c.id = s.course_id
     where ${statusCondition(filters.status)} ${filters.course ? sql`and s.course_id = ${filters.course}` : sql``}`;
}

/**
 * The statement of one page of the report, each row with the number of rows in all: the filtered
 * rows are worked out once, counted, and the page taken from them by a top-N sort.
 */
export function compliancePageSql(
  filters: ComplianceExportQuery,
  page: { offset: number; limit: number },
  now: Date,
): SQL {
  return sql`with r as materialized (
          select s.user_id, s.assignment_id, s.course_id, s.deadline, s.state, s.completed_at, s.expires_at
            from (${complianceRows(learnersInScope(filters.team), now)}) s
           where ${statusCondition(filters.status)} ${filters.course ? sql`and s.course_id = ${filters.course}` : sql``})
        select r.user_id, u.first_name, u.last_name, u.email, r.assignment_id, a.title, r.course_id,
               c.name as course_name, r.deadline::text as deadline, r.state, r.completed_at, r.expires_at,
               (select count(*) from r)::int as total
          from r
          join users u on u.id = r.user_id
          join course_assignments a on a.id = r.assignment_id
          join courses c on c.id = r.course_id
         order by ${reportOrder}
         limit ${page.limit} offset ${page.offset}`;
}

/** One page of the report, with the number of rows in all. */
export async function compliancePage(
  db: Database,
  filters: ComplianceExportQuery,
  page: { offset: number; limit: number },
  now: Date,
): Promise<{ rows: ComplianceReportRow[]; total: number }> {
  const rows = await queryRows<ReportRow>(db, compliancePageSql(filters, page, now));
  return { rows: rows.map(reportRowOf), total: rows[0]?.total ?? 0 };
}

/**
 * The report's rows for the learners named (a batch of the export), with each learner's teams.
 */
export function complianceBatch(
  db: Database,
  userIds: string[],
  filters: ComplianceExportQuery,
  now: Date,
): Promise<ReportRow[]> {
  const userIn = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const teams = sql`, coalesce((select string_agg(t.title, ';' order by t.title)
      from team_members tm join teams t on t.id = tm.team_id where tm.user_id = u.id), '') as teams`;
  return queryRows<ReportRow>(db, sql`${reportSelect(userIn, filters, now, teams)} order by ${reportOrder}`);
}

export type { ReportRow };
