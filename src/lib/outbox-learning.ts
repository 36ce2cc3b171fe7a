import {
  type ChecklistItem,
  type ChecklistItemState,
  type ChecklistRecordAction,
  checklistRecordPaths,
  type LearnerChecklist,
} from '@contract/checklists/records';
import type { PlayerPackage } from '@contract/elearning/tracking';
import {
  learningPaths,
  type PlayerChecklist,
  type PlayerCourse,
  type PlayerElearning,
  type PlayerItem,
  type PlayerLesson,
} from '@contract/learning/resource';
import { useMemo } from 'react';
import { RECORD_QUERY } from './checklist-records';
import { packageWithWork, scoCounts, type WaitingCommit } from './elearning-records';
import { type OutboxSummary, useOutbox } from './outbox';
import { commitPackageOf, useWaitingCommits } from './outbox-elearning';

/** The mark on an activity, a quiz or a course whose learner's work is done here but not yet sent. */
export const WAITING_LABEL = 'Waiting to be sent';

/**
 * The learner's own work that waits in the outbox on this device (pending or being sent; a refused
 * change is the outbox panel's to show): what the learner's screens show as done but not sent.
 */
export type WaitingWork = {
  /** Activities whose completion or hand-in waits. */
  activities: ReadonlySet<string>;
  /** Courses an activity's completion or hand-in waits in. */
  courses: ReadonlySet<string>;
  /** Courses taken at their link that the learner marked done here. */
  markedDone: ReadonlySet<string>;
  /** Quizzes whose submitted answers wait to be graded. */
  answeredQuizzes: ReadonlySet<string>;
  /** Per quiz, the attempts started on this device that the server has not heard of yet. */
  startedAttempts: ReadonlyMap<string, number>;
  /** Records on checklist items (a tick, an answer, evidence, a sign-off, a withdrawal), oldest first. */
  checklistRecords: readonly WaitingRecord[];
  /** E-learning packages a commit waits for. */
  elearningPackages: ReadonlySet<string>;
  /** The package commits themselves, oldest first, once their bodies are read (src/lib/outbox-elearning.ts). */
  elearningCommits: readonly WaitingCommit[];
};

/** A checklist record waiting in the outbox: whose item, and what it does to it. */
export type WaitingRecord = {
  checklistId: string;
  activityId: string;
  learnerId: string;
  action: ChecklistRecordAction;
};

const ID = '([0-9a-fA-F-]{36})';
/** The learner's writes, as the outbox stores their paths (under the API's prefix). */
const patterns = {
  complete: new RegExp(`${learningPaths.activityComplete(ID, ID)}$`),
  handIn: new RegExp(`${learningPaths.handIn(ID, ID)}$`),
  start: new RegExp(`${learningPaths.quizAttempt(ID)}$`),
  submit: new RegExp(`${learningPaths.quizSubmit(ID, ID)}$`),
  record: new RegExp(`${checklistRecordPaths.record}$`),
  markDone: new RegExp(`${learningPaths.markDone(ID)}$`),
};

const ACTIONS: readonly string[] = ['done', 'notYet', 'withdraw'] satisfies ChecklistRecordAction[];

/** A checklist record's entry, read from the query its request carries (src/lib/checklist-records.ts). */
function waitingRecord(url: string): WaitingRecord | null {
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  const checklistId = query.get(RECORD_QUERY.checklist);
  const activityId = query.get(RECORD_QUERY.activity);
  const learnerId = query.get(RECORD_QUERY.learner);
  const action = query.get(RECORD_QUERY.action);
  if (!checklistId || !activityId || !learnerId || !action || !ACTIONS.includes(action)) return null;
  return { checklistId, activityId, learnerId, action: action as ChecklistRecordAction };
}

/** What the outbox's waiting entries hold of the learner's work. */
export function waitingWork(entries: readonly OutboxSummary[]): WaitingWork {
  const activities = new Set<string>();
  const courses = new Set<string>();
  const markedDone = new Set<string>();
  const answeredQuizzes = new Set<string>();
  const startedAttempts = new Map<string, number>();
  const checklistRecords: WaitingRecord[] = [];
  const elearningPackages = new Set<string>();
  for (const entry of entries) {
    if (entry.status === 'failed' || entry.method !== 'POST') continue;
    const packageId = commitPackageOf(entry);
    if (packageId) {
      elearningPackages.add(packageId);
      continue;
    }
    const path = entry.url.split('?')[0] ?? '';
    if (patterns.record.test(path)) {
      const record = waitingRecord(entry.url);
      if (record) checklistRecords.push(record);
      continue;
    }
    const finished = patterns.complete.exec(path) ?? patterns.handIn.exec(path);
    if (finished?.[1] && finished[2]) {
      courses.add(finished[1]);
      activities.add(finished[2]);
      continue;
    }
    const marked = patterns.markDone.exec(path);
    if (marked?.[1]) {
      markedDone.add(marked[1]);
      continue;
    }
    const started = patterns.start.exec(path);
    if (started?.[1]) {
      startedAttempts.set(started[1], (startedAttempts.get(started[1]) ?? 0) + 1);
      continue;
    }
    const submitted = patterns.submit.exec(path);
    if (submitted?.[1]) answeredQuizzes.add(submitted[1]);
  }
  return {
    activities,
    courses,
    markedDone,
    answeredQuizzes,
    startedAttempts,
    checklistRecords,
    elearningPackages,
    elearningCommits: [],
  };
}

/** The learner's work waiting in this device's outbox, kept up to date as the worker reports it. */
export function useWaitingWork(): WaitingWork {
  const { entries } = useOutbox();
  const elearningCommits = useWaitingCommits();
  return useMemo(() => ({ ...waitingWork(entries), elearningCommits }), [entries, elearningCommits]);
}

/** Whether any of the course's work waits: an activity of it, or answers to one of its quizzes. */
export function courseWaits(work: WaitingWork, courseId: string, quizIds: readonly string[]): boolean {
  return work.courses.has(courseId) || quizIds.some((quizId) => work.answeredQuizzes.has(quizId));
}

function lessonWithWork(lesson: PlayerLesson, work: WaitingWork): PlayerLesson {
  if (!lesson.activities.some((activity) => work.activities.has(activity._id) && !activity.done))
    return lesson;
  const activities = lesson.activities.map((activity) =>
    work.activities.has(activity._id) ? { ...activity, done: true } : activity,
  );
  const gate = activities.some((activity) => activity.required)
    ? activities.filter((activity) => activity.required)
    : activities;
  return { ...lesson, activities, done: gate.every((activity) => activity.done) };
}

/** A course's checklist as the learner's device last read it (the player's read of it), if it did. */
export type SeenChecklist = (checklistId: string) => LearnerChecklist | undefined;
/** A course's e-learning package as the learner's device last read it (the player's read of it), if it did. */
export type SeenPackage = (packageId: string) => PlayerPackage | undefined;

function checklistItemWithWork(item: PlayerChecklist, work: WaitingWork, seen: SeenChecklist): PlayerItem {
  const read = checklistWaits(work, item._id) ? seen(item._id) : undefined;
  if (!read) return item;
  const shown = checklistWithWork(read, work);
  if (shown === read) return item;
  return { ...item, done: shown.completed, itemsDone: shown.done };
}

/** A package whose commits wait: its SCOs counted from the package as `seenPackage` last read it. */
function packageItemWithWork(item: PlayerElearning, work: WaitingWork, seenPackage: SeenPackage): PlayerItem {
  const read = work.elearningPackages.has(item._id) ? seenPackage(item._id) : undefined;
  if (!read) return item;
  const shown = packageWithWork(read, work.elearningCommits);
  if (shown === read) return item;
  const counts = scoCounts(shown);
  return { ...item, done: item.done || shown.done, scosDone: Math.max(item.scosDone, counts.done) };
}

function itemWithWork(
  item: PlayerItem,
  work: WaitingWork,
  seen: SeenChecklist,
  seenPackage: SeenPackage,
): PlayerItem {
  if (item.kind === 'lesson') return lessonWithWork(item, work);
  if (item.kind === 'checklist') return checklistItemWithWork(item, work, seen);
  if (item.kind === 'elearning') return packageItemWithWork(item, work, seenPackage);
  // An event part is done by attendance marked elsewhere: no work of the learner's waits for it.
  if (item.kind === 'event') return item;
  const started = work.startedAttempts.get(item._id) ?? 0;
  const answered = work.answeredQuizzes.has(item._id);
  if (started === 0 && !answered) return item;
  return { ...item, attemptsUsed: item.attemptsUsed + started, done: item.done || answered };
}

/**
 * The course as the learner left it on this device: what the server answered, with the work still
 * waiting in the outbox shown done (an activity finished, a quiz answered, an attempt used, a
 * checklist's items recorded, counted from the checklist as `seen` last read it, a package's SCOs
 * finished, counted from the package as `seenPackage` last read it) and counted in its
 * progress. The server's answer replaces it once the work is sent.
 */
export function courseWithWork(
  course: PlayerCourse,
  work: WaitingWork,
  seen: SeenChecklist = () => undefined,
  seenPackage: SeenPackage = () => undefined,
): PlayerCourse {
  const outline = course.outline.map((item) => itemWithWork(item, work, seen, seenPackage));
  if (outline.every((item, index) => item === course.outline[index])) return course;
  const done = outline.filter((item) => item.done).length;
  const total = outline.length;
  return {
    ...course,
    outline,
    progress: {
      ...course.progress,
      done,
      total,
      percent: total === 0 ? 0 : Math.round((100 * done) / total),
    },
  };
}

/** Whether an outline item holds work that waits: an activity of a lesson, a quiz's answers, a checklist's record, a package's commit. */
export function itemWaits(item: PlayerItem, work: WaitingWork): boolean {
  if (item.kind === 'elearning') return work.elearningPackages.has(item._id);
  if (item.kind === 'event') return false;
  if (item.kind === 'checklist')
    return work.checklistRecords.some((record) => record.checklistId === item._id);
  return item.kind === 'lesson'
    ? item.activities.some((activity) => work.activities.has(activity._id))
    : work.answeredQuizzes.has(item._id);
}

/** The last record of the learner's item that waits in the outbox, or null. */
export function itemRecordWaiting(
  work: WaitingWork,
  learnerId: string,
  activityId: string,
): ChecklistRecordAction | null {
  let last: ChecklistRecordAction | null = null;
  for (const record of work.checklistRecords)
    if (record.learnerId === learnerId && record.activityId === activityId) last = record.action;
  return last;
}

/** Where an item stands once a waiting record is sent: a withdrawal reopens it. */
function stateAfter(item: ChecklistItem, action: ChecklistRecordAction): ChecklistItemState {
  if (action === 'done') return 'done';
  if (action === 'notYet') return item.state === 'done' ? 'done' : 'notYet';
  return 'open';
}

/**
 * The learner's checklist as this device left it: what the server answered, with each item whose
 * record waits in the outbox in the state that record gives it, and the figures counted again as the
 * server counts them (the required items done; every item when none is required).
 */
export function checklistWithWork(checklist: LearnerChecklist, work: WaitingWork): LearnerChecklist {
  const learnerId = checklist.learner._id;
  const items = checklist.items.map((item) => {
    const action = itemRecordWaiting(work, learnerId, item._id);
    if (action === null) return item;
    const state = stateAfter(item, action);
    return state === item.state ? item : { ...item, state };
  });
  if (items.every((item, index) => item === checklist.items[index])) return checklist;
  const gate = items.some((item) => item.required) ? items.filter((item) => item.required) : items;
  const done = gate.filter((item) => item.state === 'done').length;
  const total = gate.length;
  return {
    ...checklist,
    items,
    done,
    total,
    percent: total === 0 ? 0 : Math.round((100 * done) / total),
    completed: total > 0 && done === total,
  };
}

/** Whether a record on one of the learner's items of the checklist waits in the outbox. */
export function checklistWaits(work: WaitingWork, checklistId: string, learnerId?: string): boolean {
  return work.checklistRecords.some(
    (record) => record.checklistId === checklistId && (!learnerId || record.learnerId === learnerId),
  );
}
