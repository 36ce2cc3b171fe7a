import * as v from 'valibot';
import type { LearnerState } from './course-assignments/resource.ts';
import { limitParam, pageParam, searchParam } from './list-query.ts';
import { noNul } from './validation.ts';

/** The team dashboard: organizations (the teams a user leads), their members and reports. */

export type Organization = { _id: string; title: string };
/** GET organizations: the teams the signed-in user leads and their default one. */
export type OrganizationList = { data: Organization[]; default: string | null };

export const setDefaultTeamSchema = v.object({
  // A missing id reads as '' so it gets this message, not valibot's generic one.
  defaultTeamId: v.optional(v.pipe(v.string('Team is required.'), v.uuid('Team is required.')), ''),
});
export type SetDefaultTeamInput = v.InferInput<typeof setDefaultTeamSchema>;

/** Sort options of the member list (spec 2, 'Member filter options'). */
export const MEMBER_SORTS = ['ascending', 'descending', 'most-course', 'completed', 'most', 'least'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];
export const MEMBER_SORT_LABELS: Record<MemberSort, string> = {
  ascending: 'Name (A to Z)',
  descending: 'Name (Z to A)',
  'most-course': 'Most courses completed',
  completed: 'Least courses completed',
  most: 'Most checklists completed',
  least: 'Least checklists completed',
};

/** 'all' or an id: role filters by membership role, department and location by the member's own. */
const idOrAll = v.fallback(
  v.optional(v.union([v.literal('all'), v.pipe(v.string(), v.uuid())]), 'all'),
  'all',
);

/** Query of GET member list; page size defaults to 20 cards. */
export const memberListQuerySchema = v.object({
  page: pageParam,
  limit: limitParam(20),
  search: searchParam,
  role: idOrAll,
  department: idOrAll,
  location: idOrAll,
  sort: v.fallback(v.optional(v.picklist(MEMBER_SORTS), 'ascending'), 'ascending'),
});
export type MemberListQuery = v.InferOutput<typeof memberListQuerySchema>;
export type MemberListFilters = Omit<MemberListQuery, 'page' | 'limit'>;

/** A member card: progress is computed by the server from assignments and completions (0 to 100). */
export type TeamMemberCard = {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  profilePicture: string | null;
  coursesAssigned: number;
  coursesCompleted: number;
  courseProgress: number;
  checklistsAssigned: number;
  checklistsCompleted: number;
  checklistProgress: number;
};

export type TeamReport = {
  membersCount: number;
  /**
   * Members who can sign in and take training now: their account is enabled and they have a
   * password of their own. Not counted: a disabled account, and an invited member (one imported
   * from a CSV) who has not yet set a password through the emailed link. A member whose
   * password must be changed at the next sign-in can sign in, so counts.
   */
  availableUsers: number;
  /** Sign-ins and completions by the team's members in the last 30 days. */
  activity: { signIns: number; courseCompletions: number; checklistCompletions: number };
  /** Virtual classes and meetings the team's members were invited to, and how many attended. */
  virtualAttendance: { invited: number; attended: number };
};

/** The four member views behind the card's shortcut buttons. */
export type MemberSummary = {
  member: TeamMemberCard & { lastSignInAt: string | null; teams: Organization[] };
};
export type TranscriptEntry = {
  kind: 'course' | 'checklist';
  _id: string;
  title: string;
  trainingTitle: string | null;
  assignedAt: string;
  deadline: string | null;
  /** The completion that counts (for an expired course, the one that lapsed). */
  completedAt: string | null;
  /**
   * Where the member stands: a course completed when one of the trainings giving it sees it
   * completed, else overdue, expired, in progress or not started, the first that one of them sees;
   * a checklist completed, in progress (an item of it stands done) or not started.
   */
  state: LearnerState;
  /**
   * Courses: the files the member handed in for the fileUpload activities of the course's lessons,
   * latest first, each behind a short-lived signed link. Absent on checklists.
   */
  handIns?: { _id: string; name: string; url: string }[];
  /**
   * Courses: the course gives a certificate of completion and the member completed it, so the
   * certificate can be downloaded (contract/certificates.ts). Absent on checklists.
   */
  certificate?: boolean;
};
export type ActivityEntry = {
  /** A quiz attempt's title is the quiz's name with the score, e.g. 'Fire Safety Check (80%)'. */
  kind:
    | 'sign-in'
    | 'course-completed'
    | 'quiz-passed'
    | 'quiz-failed'
    | 'checklist-completed'
    | 'elearning-completed';
  title: string;
  at: string;
  /** For team-wide activity: who did it. */
  member?: { _id: string; firstName: string; lastName: string };
};
export type AttendanceEntry = {
  eventId: string;
  title: string;
  startsAt: string;
  kind: 'event' | 'virtual-meeting';
  attended: boolean;
  member?: { _id: string; firstName: string; lastName: string };
};

/** One row of a member CSV import: columns firstName,lastName,email[,location,department,roles]. */
export const memberImportRowSchema = v.object({
  firstName: v.pipe(v.string(), v.trim(), v.nonEmpty('First name is required.'), v.maxLength(100), noNul),
  lastName: v.pipe(v.string(), v.trim(), v.nonEmpty('Last name is required.'), v.maxLength(100), noNul),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Email is required.'),
    v.email('Email must be a valid email address.'),
    v.maxLength(254),
    noNul,
  ),
  location: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200), noNul), ''),
  department: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200), noNul), ''),
  /** Membership role names separated by ';' or '|'. */
  roles: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500), noNul), ''),
});
export type MemberImportRow = v.InferInput<typeof memberImportRowSchema>;

/** The client sends a CSV in batches so it can show progress; a batch is at most this many rows. */
export const MEMBER_IMPORT_BATCH = 100;
export const memberImportSchema = v.object({
  /** Row numbers are the CSV's own (header is row 1), so the report points at the right line. */
  rows: v.pipe(
    v.array(v.object({ row: v.pipe(v.number(), v.integer(), v.minValue(2)), values: v.unknown() })),
    v.minLength(1, 'The file has no rows.'),
    v.maxLength(MEMBER_IMPORT_BATCH, `Send at most ${MEMBER_IMPORT_BATCH} rows at a time.`),
  ),
});
export type MemberImportInput = v.InferInput<typeof memberImportSchema>;
export const memberImportMessages = {
  imported: 'The rows are imported. Check the result of each row.',
} as const;
export type MemberImportResult = {
  row: number;
  status: 'created' | 'added' | 'refused';
  email: string;
  /** Why a row was refused, or what happened (e.g. an existing user was added to the team). */
  message: string;
};
