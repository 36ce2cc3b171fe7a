import type { ChecklistActivityType } from './resource.ts';

/**
 * What people record on a learner's checklist items (record 026): the learner's ticks, answers and
 * evidence, the lead's and observers' sign-offs, 'not yet' and ratings, and withdrawals. Each is a
 * row of history written with an id made on the device, so a replay from the outbox counts once.
 *
 * Who may record what, on the items of a checklist held by a course in the learner's scope:
 * - `learnerTick`, `evidence`, `writtenAnswer`: the learner, on their own items (`done` only);
 * - `leadSignOff`: a lead of a team the learner is a member of (`done` or `notYet`);
 * - `observerSignOff`: an observer named for the checklist (`done` or `notYet`);
 * - `rating`: a lead of the learner's teams or a named observer (`done` is competent, `notYet` is
 *   not yet competent);
 * - `withdraw`: whoever wrote the record it withdraws, with a reason.
 */
export const checklistRecordPaths = {
  /** GET: the signed-in user's own checklists (ChecklistSummary[]), from the courses in their scope that hold them. */
  mine: '/user-portal/checklist',
  /**
   * GET `?course=`: one of the signed-in user's own checklists (LearnerChecklist). With `course` (a
   * course of theirs holding it), items stand done only by records of that course's current round,
   * as the course counts them; without, by any standing record.
   */
  myChecklist: (checklistId: string) => `/user-portal/checklist/${checklistId}`,
  /** GET: a team member's checklists (ChecklistSummary[]), for a lead of that team. */
  memberChecklists: (teamId: string, memberId: string) => `/team/${teamId}/member/${memberId}/checklist`,
  /** GET: one checklist of a team member (LearnerChecklist), for a lead of that team. */
  memberChecklist: (teamId: string, memberId: string, checklistId: string) =>
    `/team/${teamId}/member/${memberId}/checklist/${checklistId}`,
  /** GET: the checklists the signed-in user is named observer of, with their learners (ObservedChecklist[]). */
  observing: '/user-portal/observing',
  /** GET: one learner's checklist (LearnerChecklist), for an observer named for it. */
  observedChecklist: (checklistId: string, learnerId: string) =>
    `/user-portal/observing/${checklistId}/learner/${learnerId}`,
  /**
   * POST: one record (RecordResult). JSON (ChecklistRecordInput), or multipart with the same fields
   * as text parts first and then a `file` part: the photo of a sign-off or 'not yet', or the
   * evidence. The device's time of the action comes in the outbox's Outbox-Created-At header.
   * A repeated `recordId` answers the record already stored.
   */
  record: '/checklist/record',
  /** POST `{ activityId, learnerIds, recordIds, note }`: a lead signs off one item for several members (BulkSignOffResult). */
  bulkSignOff: '/checklist/record/bulk',
  /** GET: a record's photo or evidence as a RecordFile (its `url` a signed link), for whoever may read the record. */
  recordFile: (recordId: string) => `/checklist/record/${recordId}/file`,
  /** GET: the team's members holding the checklist with each item's state, for the bulk sign-off (TeamChecklistMember[]). */
  teamChecklist: (teamId: string, checklistId: string) => `/team/${teamId}/checklist/${checklistId}`,
  /** PUT `{ userIds }`: the observers named for a checklist (administration, checklist edit right). GET: them (ChecklistObserver[]). */
  observers: (checklistId: string) => `/checklist/${checklistId}/observer`,
  /** GET `?page=&limit=&search=`: enabled users by name, for the observers picker (the checklist edit right). */
  observerOptions: '/checklist/observer-options',
} as const;

/** `done`: ticked, answered, uploaded, signed off, rated competent. `notYet`: not yet (competent). `withdraw`: takes back a record. */
export const CHECKLIST_RECORD_ACTIONS = ['done', 'notYet', 'withdraw'] as const;
export type ChecklistRecordAction = (typeof CHECKLIST_RECORD_ACTIONS)[number];

/** In which capacity a record was written. */
export type ChecklistRecorderRole = 'learner' | 'lead' | 'observer';

/** The most characters of a note, a written answer or a withdrawal's reason. */
export const CHECKLIST_NOTE_MAX = 2000;
/** The largest photo or evidence file, in bytes. */
export const CHECKLIST_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** The most members one bulk sign-off names. */
export const CHECKLIST_BULK_MAX = 100;

export const checklistRecordMessages = {
  recorded: 'Checklist item recorded.',
  withdrawn: 'Sign-off withdrawn.',
  bulkSignedOff: 'Item signed off for the chosen members.',
  fetched: 'Checklists fetched successfully.',
  checklistFetched: 'Checklist fetched successfully.',
  fileFetched: 'File fetched successfully.',
  observersSaved: 'Observers are saved successfully.',
  recordIdInvalid: 'Record id must be a valid id.',
  learnerRequired: 'Learner is required.',
  activityRequired: 'Checklist item is required.',
  actionInvalid: 'Action must be done, not yet or withdraw.',
  noteTooLong: `Note must be at most ${CHECKLIST_NOTE_MAX} characters.`,
  answerRequired: 'Write an answer.',
  reasonRequired: 'Give a reason for withdrawing.',
  withdrawsRequired: 'Name the record to withdraw.',
  evidenceRequired: 'Choose a photo or file as evidence.',
  fileTooLarge: `The file must be at most ${CHECKLIST_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  photoNotImage: 'The photo must be a PNG, JPEG, GIF or WebP image.',
  fileNotTaken: 'This item takes no photo or file.',
  learnersRequired: 'Choose at least one member.',
  tooManyLearners: `Choose at most ${CHECKLIST_BULK_MAX} members.`,
  observersInvalid: 'Choose existing users as observers.',
  courseInvalid: 'Course must be a valid id.',
  checklistNotAssigned: 'The checklist is not part of this learner’s training.',
  activityNotFound: 'The checklist item does not exist.',
  recordNotFound: 'The record does not exist.',
  notYours: 'Only the learner records this item.',
  notLead: 'Only a lead of the learner’s team signs off this item.',
  notObserver: 'Only an observer named for this checklist signs off this item.',
  notLeadOrObserver: 'Only a lead of the learner’s team or a named observer rates this item.',
  notSigner: 'Only the person who recorded it can withdraw it.',
  notYetNotAllowed: 'This item is ticked, answered or uploaded by the learner: it has no not yet.',
  alreadyDone: 'This item is done already; withdraw it first.',
  alreadyWithdrawn: 'This record is withdrawn already.',
  notWithdrawable: 'Only a tick, answer, upload, sign-off, rating or not yet can be withdrawn.',
} as const;

/** A file kept with a record: the photo of a sign-off or 'not yet', or the learner's evidence. */
export type RecordFile = { name: string; size: number; type: string; url: string };

/** One row of an item's history, newest first in ChecklistItem.history. */
export type ChecklistRecord = {
  _id: string;
  activityId: string;
  action: ChecklistRecordAction;
  /** The note, the written answer, or the withdrawal's reason. */
  note: string;
  by: { _id: string | null; name: string; role: ChecklistRecorderRole };
  /** When it was done, as the device said, within the bounds the server enforces. */
  doneAt: string;
  /** When the server got it. */
  receivedAt: string;
  /** Whether a photo or evidence file is kept with it (GET recordFile reads it). */
  hasFile: boolean;
  fileName: string | null;
  /** For a withdrawal: the record it withdraws. */
  withdraws: string | null;
  /** For a withdrawn record: when it was withdrawn. */
  withdrawnAt: string | null;
};

/** Where an item stands: nothing standing, done (a standing `done`), or marked not yet. */
export type ChecklistItemState = 'open' | 'done' | 'notYet';

/** An activity of a checklist as it stands for one learner. */
export type ChecklistItem = {
  _id: string;
  position: number;
  title: string;
  instructions: string;
  type: ChecklistActivityType;
  required: boolean;
  state: ChecklistItemState;
  /** The record the state stands on (a standing done or not yet), null when open. */
  current: ChecklistRecord | null;
  /** Whether the caller may record on it now (done or not yet, by their role). */
  canRecord: boolean;
  history: ChecklistRecord[];
};

/** A checklist's figures for one learner: required items done (every item when none is required). */
export type ChecklistSummary = {
  _id: string;
  title: string;
  description: string;
  done: number;
  total: number;
  percent: number;
  completed: boolean;
  /** The courses in the learner's scope whose outline holds it. */
  courses: { _id: string; name: string }[];
};

/** One checklist of one learner, with each item's state and history. */
export type LearnerChecklist = ChecklistSummary & {
  learner: { _id: string; name: string };
  items: ChecklistItem[];
};

/** A checklist the caller observes, with the learners who hold it. */
export type ObservedChecklist = {
  _id: string;
  title: string;
  learners: { _id: string; name: string; done: number; total: number; percent: number }[];
};

/** A team member holding a checklist, with the state of each of its items (for the bulk sign-off). */
export type TeamChecklistMember = {
  _id: string;
  name: string;
  items: { activityId: string; state: ChecklistItemState }[];
};

/** The answer of a record: the record as stored, the item and checklist for the learner, and the courses it completed. */
export type RecordResult = {
  record: ChecklistRecord;
  item: ChecklistItem;
  checklist: ChecklistSummary;
  coursesCompleted: string[];
};

/** The answer of a bulk sign-off: each member's record (ids in the order asked). */
export type BulkSignOffResult = {
  records: { learnerId: string; recordId: string; state: ChecklistItemState }[];
};

/** An observer named for a checklist. */
export type ChecklistObserver = { _id: string; name: string; email: string };
