import type {
  ElearningCompletionRule,
  ElearningItem,
  ScormVersion,
} from '../../../contract/elearning/resource.ts';

/**
 * What the rules read from a record's CMI data (record 028): SCORM 1.2's one lesson_status read as
 * 2004's two statuses, the score in both versions' elements, the location, and whether the SCO
 * counts as done.
 */

export type Cmi = Record<string, string>;

/** A merged record: the elements and the device time each was written at. */
export type Merged = { cmi: Cmi; times: Record<string, string>; changed: boolean };

const SUSPEND_DATA = new Set(['cmi.suspend_data', 'cmi.core.suspend_data']);

/**
 * Merges the elements a commit wrote at `at` into a record, per element: a write dated at or after
 * the one that set the element wins, an older one never overwrites it, and an element the commit
 * does not name stays as it is. An empty suspend_data never replaces one that holds data: a device
 * that never got the learner's data (opened offline on a stale copy) writes it empty at its start,
 * and the learner's place in the package must not be lost to it.
 */
export function mergeElements(cmi: Cmi, times: Record<string, string>, elements: Cmi, at: Date): Merged {
  const next = { ...cmi };
  const nextTimes = { ...times };
  let changed = false;
  const stamp = at.toISOString();
  for (const [name, value] of Object.entries(elements)) {
    const before = nextTimes[name];
    if (before !== undefined && Date.parse(before) > at.getTime()) continue;
    if (SUSPEND_DATA.has(name) && value === '' && (next[name] ?? '') !== '') continue;
    if (next[name] !== value) changed = true;
    next[name] = value;
    nextTimes[name] = stamp;
  }
  return { cmi: next, times: nextTimes, changed };
}

const number = (value: string | undefined): number | null => {
  if (value === undefined || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};

export type Derived = {
  completionStatus: string;
  successStatus: string;
  scoreRaw: number | null;
  scoreMax: number | null;
  /** -1 to 1: 2004's scaled score, or 1.2's raw score over its maximum (over 100 without one). */
  scoreScaled: number | null;
  location: string;
  /** The SCO reported a status of its own (not 'not attempted' nor 'unknown'). */
  reported: boolean;
};

/** 1.2's lesson_status as 2004's completion and success statuses. */
const LESSON_STATUS: Record<string, [string, string]> = {
  passed: ['completed', 'passed'],
  completed: ['completed', 'unknown'],
  failed: ['completed', 'failed'],
  incomplete: ['incomplete', 'unknown'],
  browsed: ['incomplete', 'unknown'],
  'not attempted': ['not attempted', 'unknown'],
};

/**
 * The statuses, score and location of a record. `mastery` is the mastery (1.2) or passing (2004)
 * score in percent, the admin's first, else the item's: a 1.2 score at or above it passes, below it
 * fails, when the SCO reports neither; a 2004 scaled score does the same when the SCO reports no
 * success status. A 2004 item's completion threshold (0 to 1) judges the progress measure the SCO
 * reports, before its completion status.
 */
export function derive(
  version: ScormVersion,
  cmi: Cmi,
  mastery: number | null,
  completionThreshold: number | null = null,
): Derived {
  if (version === '1.2') {
    const status = (cmi['cmi.core.lesson_status'] ?? '').trim().toLowerCase();
    const [completion, reportedSuccess] = LESSON_STATUS[status] ?? ['not attempted', 'unknown'];
    const raw = number(cmi['cmi.core.score.raw']);
    const max = number(cmi['cmi.core.score.max']);
    const scaled = raw === null ? null : max !== null && max > 0 ? raw / max : raw / 100;
    let success = reportedSuccess;
    if (success === 'unknown' && mastery !== null && scaled !== null)
      success = scaled * 100 >= mastery ? 'passed' : 'failed';
    return {
      completionStatus: completion,
      successStatus: success,
      scoreRaw: raw,
      scoreMax: max,
      scoreScaled: scaled,
      location: cmi['cmi.core.lesson_location'] ?? '',
      reported: completion !== 'not attempted',
    };
  }
  const progress = number(cmi['cmi.progress_measure']);
  // With a completion threshold, the progress measure decides, as SCORM 2004 has the LMS do.
  const completion =
    completionThreshold !== null && progress !== null
      ? progress >= completionThreshold
        ? 'completed'
        : 'incomplete'
      : (cmi['cmi.completion_status'] ?? 'unknown').trim().toLowerCase();
  const reportedSuccess = (cmi['cmi.success_status'] ?? 'unknown').trim().toLowerCase();
  const raw = number(cmi['cmi.score.raw']);
  const max = number(cmi['cmi.score.max']);
  const scaled =
    number(cmi['cmi.score.scaled']) ?? (raw !== null && max !== null && max > 0 ? raw / max : null);
  let success = reportedSuccess === 'passed' || reportedSuccess === 'failed' ? reportedSuccess : 'unknown';
  if (success === 'unknown' && mastery !== null && scaled !== null)
    success = scaled * 100 >= mastery ? 'passed' : 'failed';
  const known = ['completed', 'incomplete', 'not attempted'].includes(completion) ? completion : 'unknown';
  return {
    completionStatus: known,
    successStatus: success,
    scoreRaw: raw,
    scoreMax: max,
    scoreScaled: scaled,
    location: cmi['cmi.location'] ?? '',
    reported:
      (known !== 'unknown' && known !== 'not attempted') ||
      reportedSuccess === 'passed' ||
      reportedSuccess === 'failed',
  };
}

/** The mastery or passing score in percent an item is judged by: the admin's, else the manifest's. */
export function masteryOf(packageMastery: number | null, item: ElearningItem): number | null {
  if (packageMastery !== null) return packageMastery;
  if (item.masteryScore !== null) return item.masteryScore;
  return item.scaledPassingScore === null ? null : item.scaledPassingScore * 100;
}

/** The score in percent a record shows; null when the SCO reported none. */
export const percentOf = (scaled: number | null) =>
  scaled === null ? null : Math.round(scaled * 10000) / 100;

/**
 * Whether a SCO counts as done: an asset once launched; a SCO when what it reported says so (1.2:
 * completed or passed, or the score at or above the mastery score; 2004: completion completed and
 * success not failed), or, when it never reported a status, by the package's rule: once launched
 * ('launch') or once finished or left ('exit').
 */
export function scoDone(
  version: ScormVersion,
  item: ElearningItem,
  derived: Derived,
  rule: ElearningCompletionRule,
  mastery: number | null,
  { launched, exited }: { launched: boolean; exited: boolean },
): boolean {
  if (item.scormType === 'asset') return launched;
  const { completionStatus, successStatus, scoreScaled } = derived;
  const reportedDone =
    version === '1.2'
      ? successStatus === 'passed' ||
        (completionStatus === 'completed' && successStatus !== 'failed') ||
        (mastery !== null && scoreScaled !== null && scoreScaled * 100 >= mastery)
      : completionStatus === 'completed' && successStatus !== 'failed';
  if (reportedDone) return true;
  if (derived.reported) return false;
  return (rule === 'launch' && launched) || (rule === 'exit' && exited);
}
