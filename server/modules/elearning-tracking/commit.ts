import { and, eq, sql } from 'drizzle-orm';
import {
  type ElearningCommitResult,
  elearningTrackingMessages as m,
} from '../../../contract/elearning/tracking.ts';
import type { ElearningCommitInput } from '../../../contract/elearning/tracking-schemas.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { elearningDone, type LearnerCourse } from '../../db/learner-progress.ts';
import { queryRows } from '../../db/rows.ts';
import { elearningCommits, elearningRecords, elearningSessions } from '../../db/schema/elearning.ts';
import { ApiError } from '../../http/errors.ts';
import { completeDoneCourses, coursesHolding, lockLearner, touchProgress } from '../learning/completion.ts';
import { learnerCourse, uuid } from '../learning/course-access.ts';
import { doneAt } from '../learning/device-time.ts';
import { derive, masteryOf, mergeElements, scoDone } from './cmi.ts';
import {
  currentAttempt,
  latestRecords,
  launchable,
  type PackageRecord,
  type RecordRow,
  toScoRecord,
} from './records.ts';

const refuse = (field: string, message: string) =>
  new ApiError(422, messages.validationFailed, { [field]: message });

/** Whether every launchable item of the package counts as done for the learner where the course stands. */
async function packageDone(tx: Transaction, userId: string, packageId: string, state: LearnerCourse) {
  if (state.standing) return true;
  const since =
    state.roundStart === null ? sql`null::timestamptz` : sql`${state.roundStart.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ done: boolean }>(
    tx as unknown as Database,
    sql`select ${elearningDone(uuid(userId), uuid(packageId), since)} as done`,
  );
  return row?.done === true;
}

/**
 * The answer of a commit: the record and the package as the course stands now (`known`: where it
 * stood before the commit, when the commit completed no course and so moved no round).
 */
async function answer(
  tx: Transaction,
  userId: string,
  courseId: string,
  row: RecordRow,
  now: Date,
  extra: { replayed: boolean; completedCourseIds: string[] },
  known?: LearnerCourse,
): Promise<ElearningCommitResult> {
  const state = known ?? (await learnerCourse(tx, userId, courseId, now));
  return {
    record: toScoRecord(row, state.roundStart, state.standing),
    packageDone: await packageDone(tx, userId, row.packageId, state),
    ...extra,
  };
}

/** The record the commit writes: the attempt it names, begun by this commit when it is the current one. */
async function recordFor(
  tx: Transaction,
  userId: string,
  pkg: PackageRecord,
  input: ElearningCommitInput,
  state: LearnerCourse,
  at: Date,
): Promise<RecordRow> {
  const latest = (await latestRecords(tx, userId, pkg.id)).get(input.scoId);
  const current = currentAttempt(latest, state.roundStart, state.standing);
  if (input.attempt > current) throw refuse('attempt', m.attemptInvalid);
  if (latest?.attempt === input.attempt) return latest;
  const [found] = await tx
    .select()
    .from(elearningRecords)
    .where(
      and(
        eq(elearningRecords.userId, userId),
        eq(elearningRecords.packageId, pkg.id),
        eq(elearningRecords.scoId, input.scoId),
        eq(elearningRecords.attempt, input.attempt),
      ),
    );
  if (found) return found;
  if (input.attempt !== current) throw refuse('attempt', m.attemptInvalid);
  const [inserted] = await tx
    .insert(elearningRecords)
    .values({
      userId,
      packageId: pkg.id,
      scoId: input.scoId,
      attempt: input.attempt,
      launchedAt: at,
      lastAccessAt: at,
    })
    .returning();
  if (!inserted) throw new Error('Inserting an e-learning record returned nothing');
  return inserted;
}

/** Counts the session the commit reports: its time is its latest (largest) report, never added twice. */
async function countSession(tx: Transaction, recordId: string, input: ElearningCommitInput, at: Date) {
  const [session] = await tx
    .select()
    .from(elearningSessions)
    .where(eq(elearningSessions.id, input.sessionId));
  if (session && session.recordId !== recordId) throw refuse('sessionId', m.sessionIdInvalid);
  const ends = input.event === 'finish' || input.event === 'unload';
  const seconds = input.sessionSeconds ?? 0;
  if (!session)
    await tx
      .insert(elearningSessions)
      .values({ id: input.sessionId, recordId, seconds, startedAt: at, endedAt: ends ? at : null });
  else
    await tx
      .update(elearningSessions)
      .set({
        seconds: Math.max(session.seconds, seconds),
        endedAt: ends ? at : session.endedAt,
      })
      .where(eq(elearningSessions.id, session.id));
  const [totals] = await tx
    .select({
      seconds: sql<number>`coalesce(sum(${elearningSessions.seconds}), 0)::float8`,
      count: sql<number>`count(*)::int`,
    })
    .from(elearningSessions)
    .where(eq(elearningSessions.recordId, recordId));
  return { totalSeconds: Number(totals?.seconds ?? 0), sessions: Number(totals?.count ?? 0) };
}

/**
 * Applies a learner's commit to their own record of the package's SCO, under the learner's lock
 * (record 028): a commit id seen before answers the record as it stands; elements merge per
 * element by the device's time (not after `now`); the statuses, score, location and time are read
 * again from the merged data; the SCO's done time is set the first time it counts as done, dated
 * by the device after the course's round began; when that completes the package, the courses it
 * was the last part of are completed.
 */
export async function applyCommit(
  db: Database,
  {
    userId,
    pkg,
    courseId,
    input,
    now,
  }: {
    userId: string;
    pkg: PackageRecord;
    courseId: string;
    input: ElearningCommitInput;
    now: Date;
  },
): Promise<ElearningCommitResult> {
  return db.transaction(async (tx) => {
    await lockLearner(tx, userId);
    const [seen] = await tx
      .select({ record: elearningRecords })
      .from(elearningCommits)
      .innerJoin(elearningRecords, eq(elearningRecords.id, elearningCommits.recordId))
      .where(eq(elearningCommits.id, input.commitId));
    if (seen) {
      if (seen.record.userId !== userId || seen.record.packageId !== pkg.id)
        throw refuse('commitId', m.commitIdInvalid);
      return answer(tx, userId, courseId, seen.record, now, { replayed: true, completedCourseIds: [] });
    }
    const item = launchable(pkg).find((one) => one.identifier === input.scoId);
    if (!item) throw refuse('scoId', m.scoIdInvalid);
    const state = await learnerCourse(tx, userId, courseId, now);
    const at = doneAt(new Date(input.at), now, []);
    const row = await recordFor(tx, userId, pkg, input, state, at);
    const merged = mergeElements(row.cmi, row.elementTimes, input.elements, at);
    const mastery = masteryOf(pkg.masteryScore, item);
    const derived = derive(pkg.scormVersion, merged.cmi, mastery, item.completionThreshold);
    const time = await countSession(tx, row.id, input, at);
    const launchedAt = row.launchedAt ?? at;
    const exits = input.event === 'finish' || input.event === 'unload';
    const exitedAt = exits && (row.exitedAt === null || row.exitedAt < at) ? at : row.exitedAt;
    const done = scoDone(pkg.scormVersion, item, derived, pkg.completionRule, mastery, {
      launched: true,
      exited: exitedAt !== null,
    });
    const newlyDone = done && row.doneAt === null;
    const dated = newlyDone ? doneAt(at, now, [state.roundStart]) : row.doneAt;
    const { reported: _reported, ...columns } = derived;
    const [updated] = await tx
      .update(elearningRecords)
      .set({
        cmi: merged.cmi,
        elementTimes: merged.times,
        ...columns,
        ...time,
        launchedAt,
        exitedAt,
        doneAt: dated,
        lastAccessAt: row.lastAccessAt.getTime() > at.getTime() ? row.lastAccessAt : at,
        receivedAt: now,
      })
      .where(eq(elearningRecords.id, row.id))
      .returning();
    if (!updated) throw new Error('Updating an e-learning record returned nothing');
    const [applied] = await tx
      .insert(elearningCommits)
      .values({ id: input.commitId, recordId: row.id, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: elearningCommits.id });
    // The same id sent meanwhile by another learner, whose lock this one does not hold.
    if (!applied) throw refuse('commitId', m.commitIdInvalid);
    await touchProgress(tx, userId, courseId, now);
    const completedCourseIds =
      newlyDone && dated
        ? await completeDoneCourses(
            tx,
            userId,
            coursesHolding(userId, courseId, { elearningPackageId: pkg.id }),
            now,
            dated,
          )
        : [];
    return answer(
      tx,
      userId,
      courseId,
      updated,
      now,
      { replayed: false, completedCourseIds },
      completedCourseIds.length === 0 ? state : undefined,
    );
  });
}
