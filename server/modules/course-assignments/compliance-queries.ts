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
import {
  ALL,
  type FigureKeyRow,
  factCounts,
  factState,
  figuresAt,
  refreshCompliance,
} from '../../db/compliance.ts';
import { isoTime, queryRows } from '../../db/rows.ts';

const DAY_MS = 86_400_000;

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

type FigureRow = FigureKeyRow & { name: string | null };

const figuresOf = (row: ComplianceFigures): ComplianceFigures => ({
  assigned: row.assigned,
  completed: row.completed,
  overdue: row.overdue,
  expiring: row.expiring,
});

/**
 * The figures for the organization (or a team's members), per team and per course, from the kept
 * counts (server/db/compliance.ts), brought up to date first.
 */
export async function complianceFigures(
  db: Database,
  team: string | undefined,
  now: Date,
): Promise<ComplianceResult> {
  await refreshCompliance(db, now);
  const scope = team ?? ALL;
  const keyRows = await figuresAt(db, now, team);
  const teamIds = [...new Set(keyRows.map((row) => row.team_key))].filter((id) => id !== ALL);
  const courseIds = [...new Set(keyRows.map((row) => row.course_key))].filter((id) => id !== ALL);
  const names = new Map(
    (
      await queryRows<{ id: string; name: string }>(
        db,
        sql`select id, title as name from teams where id = any(${`{${teamIds.join(',')}}`}::uuid[])
            union all
            select id, name from courses where id = any(${`{${courseIds.join(',')}}`}::uuid[])`,
      )
    ).map((row) => [row.id, row.name]),
  );
  const named = (rows: FigureRow[], key: 'team_key' | 'course_key'): NamedFigures[] =>
    rows
      .filter((row) => names.has(row[key]))
      .map((row) => ({ _id: row[key], name: names.get(row[key]) as string, ...figuresOf(row) }))
      .sort((a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id));
  const rows = keyRows as FigureRow[];
  const total = rows.find((row) => row.team_key === scope && row.course_key === ALL);
  return {
    asOf: now.toISOString(),
    total: total ? figuresOf(total) : { assigned: 0, completed: 0, overdue: 0, expiring: 0 },
    teams: named(
      rows.filter((row) => row.team_key !== ALL && row.course_key === ALL),
      'team_key',
    ),
    courses: named(
      rows.filter((row) => row.team_key === scope && row.course_key !== ALL),
      'course_key',
    ),
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
 * The statement of one page of the report, from the kept facts: learners walked in name order
 * (users_name_idx), each one's rows sorted by training and course, so the first pages read only
 * the learners they show. A team's report starts from its members instead.
 */
export function compliancePageSql(
  filters: ComplianceExportQuery,
  page: { offset: number; limit: number },
  now: Date,
  few = false,
): SQL {
  const counts = factCounts(now);
  const condition = sql`${filters.status === 'assigned' ? sql`true` : counts[filters.status]}
    ${filters.course ? sql`and f.course_id = ${filters.course}` : sql``}`;
  const inTeam = filters.team
    ? sql`and u.id in (select m.user_id from compliance_members m where m.team_id = ${filters.team})`
    : sql``;
  const columns = sql`f.user_id, f.assignment_id, a.title, f.course_id, c.name as course_name,
    f.deadline::text as deadline, ${factState(now)} as state, f.completed_at, f.expires_at`;
  const joined = sql`join course_assignments a on a.id = f.assignment_id
      join courses c on c.id = f.course_id
      left join course_progress p on p.user_id = f.user_id and p.course_id = f.course_id`;
  // Few rows (a narrow figure): find them first, through the facts' indexes, and sort them all.
  // Many: walk the learners in name order, each one's rows beside them, read by learner (a lateral
  // join, kept one by `offset 0`, so the planner neither sorts every row nor scans a course's rows
  // for each learner).
  const rows = few
    ? sql`select ${columns} from compliance_facts f ${joined} where ${condition}`
    : sql`select ${columns} from compliance_facts f ${joined} where f.user_id = u.id and ${condition} offset 0`;
  return sql`
    select r.user_id, u.first_name, u.last_name, u.email, r.assignment_id, r.title, r.course_id,
           r.course_name, r.deadline, r.state, r.completed_at, r.expires_at
      from users u
      ${few ? sql`join (${rows}) r on r.user_id = u.id` : sql`cross join lateral (${rows}) r`}
     where true ${inTeam}
     order by u.first_name, u.last_name, u.id, r.title, r.assignment_id, r.course_name, r.course_id
     limit ${page.limit} offset ${page.offset}`;
}

/** Up to how many rows a report page finds them first rather than walking learners in name order. */
const FEW_ROWS = 5_000;

/** One page of the report, with the number of rows in all (its figure). */
export async function compliancePage(
  db: Database,
  filters: ComplianceExportQuery,
  page: { offset: number; limit: number },
  now: Date,
): Promise<{ rows: ComplianceReportRow[]; total: number }> {
  await refreshCompliance(db, now);
  const [figure] = await figuresAt(db, now, filters.team, filters.course ?? ALL);
  const total = figure ? figure[filters.status] : 0;
  if (total === 0 || page.offset >= total) return { rows: [], total };
  const rows = await queryRows<ReportRow>(db, compliancePageSql(filters, page, now, total <= FEW_ROWS));
  return { rows: rows.map(reportRowOf), total };
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
