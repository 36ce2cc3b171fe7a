import type { ElearningItem } from '@contract/elearning/resource';
import type { ElearningCommit, ElearningScoRecord, PlayerPackage } from '@contract/elearning/tracking';

/**
 * The learner's records of a package as this device left them: what the server answered, with the
 * commits still waiting in the outbox laid over it, so a reload offline resumes where the learner
 * was and the outline counts a SCO finished here. The server's answer replaces it once they are sent.
 */

/** A commit of a package waiting in the outbox, in the outbox's order. */
export type WaitingCommit = { packageId: string; commit: ElearningCommit };

/** The items of the organization a learner opens (SCOs and assets), in the manifest's order. */
export const launchableItems = (pkg: Pick<PlayerPackage, 'structure'>): ElearningItem[] =>
  pkg.structure.items.filter((item) => item.launch !== null);

const STATUS_12 = 'cmi.core.lesson_status';
const SCORE_12 = 'cmi.core.score.raw';
const COMPLETION_2004 = 'cmi.completion_status';
const SUCCESS_2004 = 'cmi.success_status';
const SCALED_2004 = 'cmi.score.scaled';

const UNREPORTED = new Set(['', 'not attempted', 'unknown']);

type DoneBy = {
  pkg: Pick<PlayerPackage, 'scormVersion' | 'masteryScore' | 'completionRule'>;
  item: ElearningItem;
  cmi: Record<string, string>;
  /** The SCO finished (Finish / Terminate) or was left. */
  exited: boolean;
};

/**
 * Whether a SCO counts as done, as the server counts it (record 028): 1.2 `completed` or `passed`, or
 * a raw score at or above the mastery score; 2004 `completed` and not `failed`. A SCO that reports no
 * status is done as the package's completion rule says (once launched, or once exited); an asset once
 * launched.
 */
export function scoDone({ pkg, item, cmi, exited }: DoneBy): boolean {
  if (item.scormType === 'asset') return true;
  const mastery = pkg.masteryScore ?? item.masteryScore;
  let reported: boolean;
  if (pkg.scormVersion === '1.2') {
    const status = cmi[STATUS_12] ?? '';
    if (status === 'passed' || status === 'completed') return true;
    const raw = Number.parseFloat(cmi[SCORE_12] ?? '');
    if (mastery !== null && Number.isFinite(raw) && raw >= mastery) return true;
    reported = !UNREPORTED.has(status);
  } else {
    const completion = cmi[COMPLETION_2004] ?? '';
    const success = cmi[SUCCESS_2004] ?? '';
    if (completion === 'completed' && success !== 'failed') return true;
    reported = !UNREPORTED.has(completion) || !UNREPORTED.has(success);
  }
  if (reported) return false;
  if (pkg.completionRule === 'launch') return true;
  return pkg.completionRule === 'exit' && exited;
}

/** The record's statuses and score as the runtime's elements give them. */
function statusesOf(pkg: Pick<PlayerPackage, 'scormVersion'>, cmi: Record<string, string>) {
  if (pkg.scormVersion === '1.2') {
    const status = cmi[STATUS_12] ?? 'not attempted';
    const raw = Number.parseFloat(cmi[SCORE_12] ?? '');
    return {
      completionStatus: status === 'passed' || status === 'failed' ? 'completed' : status,
      successStatus: status === 'passed' || status === 'failed' ? status : 'unknown',
      score: Number.isFinite(raw) ? raw : null,
    };
  }
  const scaled = Number.parseFloat(cmi[SCALED_2004] ?? '');
  return {
    completionStatus: cmi[COMPLETION_2004] ?? 'unknown',
    successStatus: cmi[SUCCESS_2004] ?? 'unknown',
    score: Number.isFinite(scaled) ? Math.round(scaled * 100) : null,
  };
}

/**
 * The package with the waiting commits of this course laid over its records: each SCO's elements
 * as last written on this device, done when the server said so or when what waits makes it done.
 * A commit of an attempt older than the server's is left out.
 */
export function packageWithWork(pkg: PlayerPackage, commits: readonly WaitingCommit[]): PlayerPackage {
  const mine = commits.filter(
    (waiting) => waiting.packageId === pkg._id && waiting.commit.courseId === pkg.courseId,
  );
  if (mine.length === 0) return pkg;
  const records = new Map(pkg.records.map((record) => [record.scoId, record]));
  for (const item of launchableItems(pkg)) {
    const scoCommits = mine
      .map((waiting) => waiting.commit)
      .filter((commit) => commit.scoId === item.identifier);
    if (scoCommits.length === 0) continue;
    const server = records.get(item.identifier);
    const attempt = Math.max(server?.attempt ?? 1, ...scoCommits.map((commit) => commit.attempt));
    const current = scoCommits.filter((commit) => commit.attempt === attempt);
    if (current.length === 0) continue;
    const cmi = { ...(server && server.attempt === attempt ? server.cmi : {}) };
    for (const commit of current) Object.assign(cmi, commit.elements);
    const exited = current.some((commit) => commit.event === 'finish' || commit.event === 'unload');
    const done = (server?.attempt === attempt && server.done) || scoDone({ pkg, item, cmi, exited });
    const record: ElearningScoRecord = {
      scoId: item.identifier,
      attempt,
      cmi,
      ...statusesOf(pkg, cmi),
      totalSeconds: server?.attempt === attempt ? server.totalSeconds : 0,
      done,
    };
    records.set(item.identifier, record);
  }
  const launchable = launchableItems(pkg);
  return {
    ...pkg,
    records: [...records.values()],
    done: launchable.length > 0 && launchable.every((item) => records.get(item.identifier)?.done),
  };
}

/** How many of the package's SCOs are done, and how many it has. */
export function scoCounts(pkg: PlayerPackage): { done: number; total: number } {
  const launchable = launchableItems(pkg);
  const done = launchable.filter(
    (item) => pkg.records.find((record) => record.scoId === item.identifier)?.done,
  ).length;
  return { done, total: launchable.length };
}
