import { and, desc, eq, sql } from 'drizzle-orm';
import type { ElearningItem } from '../../../contract/elearning/resource.ts';
import {
  type ElearningScoRecord,
  elearningTrackingMessages as m,
} from '../../../contract/elearning/tracking.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { learnerOutline } from '../../db/learner-progress.ts';
import { queryRows } from '../../db/rows.ts';
import { elearningPackages, elearningRecords } from '../../db/schema/elearning.ts';
import { ApiError } from '../../http/errors.ts';
import { percentOf } from './cmi.ts';

type Executor = Pick<Database, 'execute' | 'select' | 'selectDistinctOn'> | Transaction;

export type PackageRecord = typeof elearningPackages.$inferSelect;
export type RecordRow = typeof elearningRecords.$inferSelect;

/**
 * The package when the course's learner outline holds it (a published package of the course); 404
 * otherwise, as a quiz or checklist outside the course is.
 */
export async function packageInCourse(
  db: Executor,
  courseId: string,
  packageId: string,
): Promise<PackageRecord> {
  const [found] = await queryRows<{ id: string }>(
    db as Database,
    sql`select o.elearning_package_id as id from (${learnerOutline(sql`${courseId}::uuid`)}) o
         where o.elearning_package_id = ${packageId}`,
  );
  const [row] = found
    ? await db.select().from(elearningPackages).where(eq(elearningPackages.id, packageId))
    : [];
  if (!row) throw new ApiError(404, m.packageNotInCourse);
  return row;
}

/** The items of a package that launch something (its SCOs and assets), in the manifest's order. */
export const launchable = (pkg: PackageRecord): ElearningItem[] =>
  pkg.structure.items.filter((item) => item.launch !== null);

/** The learner's latest attempt at each SCO of the package, by SCO identifier. */
export async function latestRecords(db: Executor, userId: string, packageId: string) {
  const rows = await db
    .selectDistinctOn([elearningRecords.scoId])
    .from(elearningRecords)
    .where(and(eq(elearningRecords.userId, userId), eq(elearningRecords.packageId, packageId)))
    .orderBy(elearningRecords.scoId, desc(elearningRecords.attempt));
  return new Map(rows.map((row) => [row.scoId, row]));
}

/** Whether a record counted as done in the round that began at `roundStart` (null: ever). */
export const doneInRound = (row: Pick<RecordRow, 'doneAt'>, roundStart: Date | null) =>
  row.doneAt !== null && (roundStart === null || row.doneAt.getTime() > roundStart.getTime());

/**
 * The attempt a launch plays (record 028): the latest one, unless it counted as done before the
 * course's current round began (a reassign, a restart or the completion that ended a round): then
 * the next, begun afresh. While the course stands completed the latest attempt is kept, to review.
 */
export function currentAttempt(
  latest: RecordRow | undefined,
  roundStart: Date | null,
  standing: boolean,
): number {
  if (!latest) return 1;
  if (standing || latest.doneAt === null || roundStart === null) return latest.attempt;
  return latest.doneAt.getTime() <= roundStart.getTime() ? latest.attempt + 1 : latest.attempt;
}

/** A record as the player resumes it; `done` for the course's current round. */
export function toScoRecord(row: RecordRow, roundStart: Date | null, standing: boolean): ElearningScoRecord {
  return {
    scoId: row.scoId,
    attempt: row.attempt,
    cmi: row.cmi,
    completionStatus: row.completionStatus,
    successStatus: row.successStatus,
    score: percentOf(row.scoreScaled),
    totalSeconds: row.totalSeconds,
    done: standing || doneInRound(row, roundStart),
  };
}

/** A SCO's record in an attempt not begun yet. */
export const freshRecord = (scoId: string, attempt: number): ElearningScoRecord => ({
  scoId,
  attempt,
  cmi: {},
  completionStatus: 'not attempted',
  successStatus: 'unknown',
  score: null,
  totalSeconds: 0,
  done: false,
});

/** The learner's record of each launchable item, in the attempt a launch plays now. */
export async function playerRecords(
  db: Executor,
  userId: string,
  pkg: PackageRecord,
  roundStart: Date | null,
  standing: boolean,
): Promise<ElearningScoRecord[]> {
  const latest = await latestRecords(db, userId, pkg.id);
  return launchable(pkg).map((item) => {
    const row = latest.get(item.identifier);
    const attempt = currentAttempt(row, roundStart, standing);
    return row && row.attempt === attempt
      ? toScoRecord(row, roundStart, standing)
      : freshRecord(item.identifier, attempt);
  });
}
