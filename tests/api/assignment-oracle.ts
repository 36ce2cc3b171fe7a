import type { LearnerState } from '../../contract/course-assignments/resource.ts';
import type { Database } from '../../server/db/client.ts';
import {
  courseAssignmentAssignees,
  courseAssignmentCourses,
  courseAssignmentLearners,
  courseAssignments,
} from '../../server/db/schema/course-assignments.ts';
import { courseCompletions, courseProgress } from '../../server/db/schema/courses.ts';
import { teamMembers } from '../../server/db/schema/teams.ts';
import { userGroupMembers } from '../../server/db/schema/user-groups.ts';

/**
 * The course assignment model written plainly over whole tables, apart from the server's SQL
 * (server/db/assignments.ts), so tests can hold the server's answers against it.
 */
export type Oracle = Awaited<ReturnType<typeof loadOracle>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (time: Date) => time.toISOString().slice(0, 10);
const addDays = (isoDay: string, days: number) =>
  day(new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY_MS));

/** As PostgreSQL adds an interval: months and years land on the same day, or the month's last. */
function addUnit(time: Date, value: number, unit: string): Date {
  if (unit === 'days' || unit === 'weeks')
    return new Date(time.getTime() + value * (unit === 'weeks' ? 7 : 1) * DAY_MS);
  const months = unit === 'years' ? 12 * value : value;
  const target = new Date(time);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(time.getUTCDate(), lastDay));
  return target;
}

export async function loadOracle(db: Database) {
  const [assignments, courseLinks, assignees, rounds, groups, teams, completions, progress] =
    await Promise.all([
      db.select().from(courseAssignments),
      db.select().from(courseAssignmentCourses),
      db.select().from(courseAssignmentAssignees),
      db.select().from(courseAssignmentLearners),
      db.select().from(userGroupMembers),
      db.select().from(teamMembers),
      db.select().from(courseCompletions),
      db.select().from(courseProgress),
    ]);

  /** Learners of one assignment: user id → when they were assigned. */
  function learners(assignmentId: string): Map<string, Date> {
    const found = new Map<string, Date>();
    const add = (userId: string, at: Date) => {
      const before = found.get(userId);
      if (!before || at < before) found.set(userId, at);
    };
    const later = (a: Date, b: Date) => (a > b ? a : b);
    for (const x of assignees.filter((row) => row.assignmentId === assignmentId)) {
      if (x.userId) add(x.userId, x.addedAt);
      for (const g of groups.filter((row) => x.groupId && row.groupId === x.groupId))
        add(g.userId, later(x.addedAt, g.joinedAt));
      for (const m of teams.filter((row) => x.teamId && row.teamId === x.teamId))
        add(m.userId, later(x.addedAt, m.joinedAt));
    }
    return found;
  }

  /** Where one learner stands on each course of one assignment at `now`. */
  function states(assignmentId: string, userId: string, assignedAt: Date, now: Date) {
    const a = assignments.find((row) => row.id === assignmentId);
    if (!a) throw new Error(`No assignment ${assignmentId}`);
    const round = rounds.find((row) => row.assignmentId === assignmentId && row.userId === userId);
    const start = round?.startedAt ?? null;
    const from = start && start > assignedAt ? start : assignedAt;
    const deadline =
      round?.deadline ??
      a.deadline ??
      (a.dueWithinDays === null ? null : addDays(day(from), a.dueWithinDays));
    return courseLinks
      .filter((link) => link.assignmentId === assignmentId)
      .map(({ courseId }) => {
        const mine = completions
          .filter((c) => c.userId === userId && c.courseId === courseId && (!start || c.completedAt >= start))
          .map((c) => c.completedAt)
          .sort((x, y) => y.getTime() - x.getTime());
        const completedAt = mine[0] ?? null;
        let expiresAt: Date | null = null;
        if (completedAt && a.expiryType === 'fixed' && a.expiryDate) {
          const expiry = new Date(`${a.expiryDate}T00:00:00Z`);
          if (completedAt < expiry) expiresAt = expiry;
        }
        if (completedAt && a.expiryType === 'dynamic')
          expiresAt = addUnit(completedAt, a.expiryValue as number, a.expiryUnit as string);
        const begun = progress.some(
          (p) => p.userId === userId && p.courseId === courseId && (!start || p.lastActivityAt >= start),
        );
        let state: LearnerState = 'not-started';
        if (completedAt && (!expiresAt || expiresAt > now)) state = 'completed';
        else if (completedAt) state = 'expired';
        else if (deadline && deadline < day(now)) state = 'overdue';
        else if (begun) state = 'in-progress';
        return { courseId, state, deadline, completedAt, expiresAt };
      });
  }

  return { assignments, learners, states };
}
