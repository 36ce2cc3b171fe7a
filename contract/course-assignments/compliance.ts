import * as v from 'valibot';
import { idFilterParam } from '../admin-list.ts';
import { limitParam, pageNumber, pageParam, pageSize } from '../list-query.ts';
import type { LearnerState } from './resource.ts';

/**
 * The compliance dashboard (`/app/dashboard`, administrators with the Assignments view right) and
 * the Team Report card's figures (a team's leads): where the organization, each team and each
 * course stand on assigned training. Suggested training is not counted.
 *
 * Every figure counts courses assigned to learners: a learner with a training of three courses
 * counts three, so a figure is always the number of rows of the report it links to.
 * - assigned: every course assigned to an enabled learner;
 * - completed: done, and the completion has not expired;
 * - overdue: not done by its deadline, or its completion has expired (due again);
 * - expiring: completed, and the completion expires within EXPIRING_WITHIN_DAYS days.
 */
export const compliancePaths = {
  /** GET `?team`: the figures for the organization (or one team), by team and by course. */
  figures: '/course-assignment/compliance',
  /** GET `?status&team&course&page&limit`: the learners' courses behind a figure, paged. */
  report: '/course-assignment/compliance/report',
  /** GET `?status&team&course`: the same report as CSV, every row. */
  export: '/course-assignment/compliance/export',
} as const;

export const EXPIRING_WITHIN_DAYS = 30;

export const COMPLIANCE_STATUSES = ['assigned', 'completed', 'overdue', 'expiring'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

export const COMPLIANCE_STATUS_LABELS: Record<ComplianceStatus, string> = {
  assigned: 'Assigned',
  completed: 'Completed',
  overdue: 'Overdue',
  expiring: `Expiring within ${EXPIRING_WITHIN_DAYS} days`,
};

export type ComplianceFigures = Record<ComplianceStatus, number>;
export type NamedFigures = ComplianceFigures & { _id: string; name: string };

/** GET /course-assignment/compliance. With `team`, every figure is of that team's members. */
export type ComplianceResult = {
  /** ISO date-time the figures were worked out at. */
  asOf: string;
  /** The organization's (or the team's) figures. */
  total: ComplianceFigures;
  /** Per team, of its members (a learner in two teams counts in both); by name. */
  teams: NamedFigures[];
  /** Per course, by name. */
  courses: NamedFigures[];
};

/** One learner's course of one training, a row of the report and of its CSV. */
export type ComplianceReportRow = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  assignmentId: string;
  title: string;
  courseId: string;
  courseName: string;
  /** ISO date (yyyy-mm-dd) or null. */
  deadline: string | null;
  state: LearnerState;
  completedAt: string | null;
  expiresAt: string | null;
};

/** The report's CSV columns, in order. */
export const COMPLIANCE_CSV_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'teams',
  'training',
  'course',
  'deadline',
  'state',
  'completedAt',
  'expiresAt',
] as const;

const complianceStatusParam = v.fallback(v.optional(v.picklist(COMPLIANCE_STATUSES), 'assigned'), 'assigned');

/** GET /course-assignment/compliance: `team` narrows the figures to its members (a lead must name one). */
export const complianceQuery = v.object({ team: idFilterParam });
export type ComplianceQuery = v.InferOutput<typeof complianceQuery>;

/**
 * GET /course-assignment/compliance/export: the rows behind a figure. `status` picks the figure
 * (assigned, the default, is every row), `team` the learners of a team, `course` one course.
 * Learners come by first name, last name; each one's rows by training and course.
 */
export const complianceExportQuery = v.object({
  status: complianceStatusParam,
  team: idFilterParam,
  course: idFilterParam,
});
export type ComplianceExportQuery = v.InferOutput<typeof complianceExportQuery>;

/** GET /course-assignment/compliance/report: the export's filters, a page at a time. */
export const complianceReportQuery = v.object({
  ...complianceExportQuery.entries,
  page: pageParam,
  limit: limitParam(10),
});
export type ComplianceReportQuery = v.InferOutput<typeof complianceReportQuery>;

/**
 * `/app/dashboard`'s address: the report's filters, each left out until chosen, so the
 * administration's home stays `/app/dashboard` (defaults in the address would be written back
 * into it on every visit).
 */
export const complianceSearch = v.object({
  status: v.fallback(v.optional(v.picklist(COMPLIANCE_STATUSES)), undefined),
  team: idFilterParam,
  course: idFilterParam,
  page: v.fallback(v.optional(pageNumber), undefined),
  limit: v.fallback(v.optional(pageSize), undefined),
});
export type ComplianceSearch = v.InferOutput<typeof complianceSearch>;

/** The report query an address asks for, with the report's defaults filled in. */
export const reportQueryOf = (search: ComplianceSearch): ComplianceReportQuery =>
  v.parse(complianceReportQuery, search);
