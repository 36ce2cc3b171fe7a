import type { PermissionArea } from '../modules.ts';

/**
 * Course assignments (spec 2 `/app/content-management/assignments`, the team dashboard's Assign
 * Trainings tab and `/app/team-dashboard/assign-new-training`, 7 `/course-assignment`): one model
 * behind both doors. An assignment gives some courses to users, user groups or teams, as assigned
 * or suggested training, with a deadline (a day, or within N days of being assigned) and an expiry
 * (none, a fixed day, or N days/weeks/months/years after completing) after which a course is due
 * again. An administrator with the Assignments permission assigns to anyone; a team lead, to the
 * members of teams they lead.
 */
export const courseAssignmentArea = {
  module: 'content-management',
  submodule: 'assignments',
} as const satisfies PermissionArea;

/**
 * Reassigning (one training or several) and duplicating mail its learners: each is allowed this
 * many times a minute per training and caller, then answered 429 with Retry-After. Resending the
 * mail is allowed once a minute (RESEND_EMAIL_RATE_LIMIT). Whatever is clicked, a learner gets at
 * most one mail of each kind per training a day.
 */
export const ASSIGNMENT_MAIL_RATE_LIMIT = { max: 3, windowMs: 60 * 1000 } as const;

export const courseAssignmentPaths = {
  /** GET the list (page, limit, search, fullName, team); POST creates; DELETE with `{ bulkId }`. */
  list: '/course-assignment',
  /** GET one with its courses, assignees and counts; PATCH updates it. */
  one: (assignmentId: string) => `/course-assignment/${assignmentId}`,
  /** POST: a copy with the same courses, assignees, deadline and expiry, titled '<title> (copy)'. */
  duplicate: (assignmentId: string) => `/course-assignment/duplicate/${assignmentId}`,
  /** POST `{ deadline?, userIds? }`: a new round for its learners (all, or those named). */
  reassign: (assignmentId: string) => `/course-assignment/${assignmentId}/reassign`,
  /** POST `{ bulkId, deadline? }`: a new round for every learner of each assignment named. */
  bulkReassign: '/course-assignment/reassign',
  /** POST: mails its learners now. */
  resendEmail: (assignmentId: string) => `/course-assignment/${assignmentId}/resend-email`,
  /** GET: enabled courses to pick from, for team leads and administrators. */
  courseOptions: '/course-assignment/course-options',
  /** GET `?kind=users|groups|teams&search&page&limit`: assignees to pick from (Assignments view right). */
  assigneeOptions: '/course-assignment/assignee-options',
  /** GET: the learners of one assignment with their deadline and state per course. */
  learners: (assignmentId: string) => `/course-assignment/${assignmentId}/learners`,
  /** GET: the signed-in user's assigned and suggested trainings with their state per course. */
  myTraining: '/user-portal/my-training',
} as const;

export const ASSIGNMENT_KINDS = ['assigned', 'suggested'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];
export const ASSIGNEE_KINDS = ['users', 'groups', 'teams'] as const;
export type AssigneeKind = (typeof ASSIGNEE_KINDS)[number];
export const EXPIRY_TYPES = ['none', 'fixed', 'dynamic'] as const;
export type ExpiryType = (typeof EXPIRY_TYPES)[number];
export const EXPIRY_UNITS = ['days', 'weeks', 'months', 'years'] as const;
export type ExpiryUnit = (typeof EXPIRY_UNITS)[number];
export const LEARNER_STATES = ['not-started', 'in-progress', 'completed', 'overdue', 'expired'] as const;
export type LearnerState = (typeof LEARNER_STATES)[number];

export const ASSIGNMENT_KIND_LABELS: Record<AssignmentKind, string> = {
  assigned: 'Assigned',
  suggested: 'Suggested',
};
export const ASSIGNEE_KIND_LABELS: Record<AssigneeKind, string> = {
  users: 'Users',
  groups: 'User groups',
  teams: 'Teams',
};
export const EXPIRY_TYPE_LABELS: Record<ExpiryType, string> = {
  none: 'None',
  fixed: 'Fixed (exact date)',
  dynamic: 'Dynamic (time passed)',
};
export const LEARNER_STATE_LABELS: Record<LearnerState, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  completed: 'Completed',
  overdue: 'Overdue',
  expired: 'Expired (due again)',
};

/** The most courses and assignees one assignment names; the longest "within N days". */
export const ASSIGNMENT_MAX_COURSES = 100;
export const ASSIGNMENT_MAX_ASSIGNEES = 1000;
export const ASSIGNMENT_MAX_DAYS = 3650;
export const ASSIGNMENT_MAX_EXPIRY_VALUE = 1000;

export const courseAssignmentMessages = {
  titleRequired: 'Training title is required.',
  titleTooLong: 'Training title must be at most 200 characters.',
  teamRequired: 'Team is required.',
  coursesRequired: 'You must select at least one course.',
  coursesTooMany: `An assignment can name at most ${ASSIGNMENT_MAX_COURSES} courses.`,
  kindRequired: 'Assignment kind must be assigned or suggested.',
  assigneeKindRequired: 'Assign to users, user groups or teams.',
  usersRequired: 'You must select at least one user.',
  groupsRequired: 'You must select at least one user group.',
  teamsRequired: 'You must select at least one team.',
  membersRequired: 'You must select at least one team member.',
  assigneesInvalid: 'Each assignee must be a valid id.',
  assigneesTooMany: `An assignment can name at most ${ASSIGNMENT_MAX_ASSIGNEES} assignees.`,
  deadlineInvalid: 'Deadline must be a valid date.',
  deadlinePast: 'Deadline cannot be in the past.',
  deadlineTwice: 'Give a deadline date or a number of days, not both.',
  dueWithinDaysInvalid: `Days must be a whole number from 1 to ${ASSIGNMENT_MAX_DAYS}.`,
  expiryTypeRequired: 'Expiry type must be none, fixed or dynamic.',
  expiryDateRequired: 'Expiry date is required.',
  expiryDateInvalid: 'Expiry date must be a valid date.',
  expiryDatePast: 'Expiry date cannot be in the past.',
  expiryValueInvalid: `Expiry must be a whole number from 1 to ${ASSIGNMENT_MAX_EXPIRY_VALUE}.`,
  expiryUnitRequired: 'Expiry unit must be days, weeks, months or years.',
  userIdsInvalid: 'Each learner must be a valid id.',
  trainingAssigned: 'Training is assigned successfully.',
  trainingUpdated: 'Training is updated successfully.',
  trainingDeleted: 'Training is deleted successfully.',
  trainingDuplicated: 'Training is duplicated successfully.',
  trainingReassigned: 'Training is reassigned successfully.',
  emailResent: 'Email is sent successfully.',
  // Server answers for a form that passed the schema but names what cannot be assigned.
  courseUnavailable: 'One of the selected courses is not available.',
  courseNothingToTake:
    'A selected course has nothing to take yet (no enabled lesson, no published quiz, no external link): add some before assigning it.',
  assigneesNotFound: 'Some of the selected users, groups or teams do not exist.',
  memberNotInTeam: 'One of the selected members is not in this team.',
  teamNotLed: 'You can assign only to teams you lead.',
  groupsForAdministrators: 'Only administrators can assign to user groups.',
  learnerNotAssigned: 'One of the selected learners is not assigned this training.',
  staleVersion: 'This record was changed by someone else. Review the latest values and try again.',
} as const;

/** The form's message when no assignee is chosen, by assignee kind. */
export const assigneesRequiredMessage: Record<AssigneeKind, string> = {
  users: courseAssignmentMessages.usersRequired,
  groups: courseAssignmentMessages.groupsRequired,
  teams: courseAssignmentMessages.teamsRequired,
};

export type AssignmentCounts = { assigned: number; completed: number; overdue: number };

export type CourseAssignmentRow = {
  _id: string;
  title: string;
  kind: AssignmentKind;
  assigneeKind: AssigneeKind;
  /** The team it was made for on the team dashboard; null for the administration's. */
  teamId: string | null;
  courseCount: number;
  /** ISO date-time. */
  createdOn: string;
  /** ISO date (yyyy-mm-dd) every learner is due by, or null. */
  deadline: string | null;
  /** Or: due within this many days of each learner being assigned. */
  dueWithinDays: number | null;
  counts: AssignmentCounts;
  version: number;
};

export type NamedRef = { _id: string; name: string };

/**
 * A course the assignment forms offer; `nothingToTake` when its outline holds no lesson or quiz
 * (none enabled or published) and it has no external link, so a learner given it has nothing to
 * finish and it cannot be added to a training (docs/decisions/020-courses-without-an-outline.md).
 */
export type AssignmentCourseOption = NamedRef & { nothingToTake: boolean };

/** How the course picker marks such a course, and what the form says when one is chosen. */
export const NOTHING_TO_TAKE_LABEL = 'Nothing to take yet';
export const NOTHING_TO_TAKE_WARNING =
  'A course marked "Nothing to take yet" has no enabled lesson, published quiz or external link: it cannot be added to a training, and learners given it already cannot complete it, until it has one.';

export type CourseAssignmentDetail = CourseAssignmentRow & {
  courses: NamedRef[];
  /** The users, groups or teams it names, with their names. */
  assignees: NamedRef[];
  expiryType: ExpiryType;
  expiryDate: string | null;
  expiryValue: number | null;
  expiryUnit: ExpiryUnit | null;
};

/** A learner of one assignment and where they stand. */
export type AssignmentLearner = {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** ISO date-time they were assigned (or reassigned). */
  assignedAt: string;
  deadline: string | null;
  courses: {
    _id: string;
    name: string;
    state: LearnerState;
    completedAt: string | null;
    expiresAt: string | null;
  }[];
};

/** Answer of resend-email and reassign: how many learners were mailed. */
export type AssignmentMailed = { mailed: number };

/** One training of the signed-in learner (GET /user-portal/my-training). */
export type MyTraining = {
  _id: string;
  title: string;
  kind: AssignmentKind;
  /** Their own deadline, or null. */
  deadline: string | null;
  courses: {
    _id: string;
    name: string;
    state: LearnerState;
    completedAt: string | null;
    expiresAt: string | null;
    /** Parts of the outline done in the current round, as a percentage (100 when completed). */
    progress: number;
    /** The course's quizzes, in outline order. */
    quizzes: { quizId: string; name: string }[];
  }[];
};
export type MyTrainingResult = { assigned: MyTraining[]; suggested: MyTraining[] };
