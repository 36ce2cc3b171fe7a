import {
  type ComplianceFigures,
  EXPIRING_WITHIN_DAYS,
} from '../../contract/course-assignments/compliance.ts';
import type { Database } from '../../server/db/client.ts';
import { courses } from '../../server/db/schema/courses.ts';
import { teamMembers, teams } from '../../server/db/schema/teams.ts';
import { users } from '../../server/db/schema/users.ts';
import { loadOracle } from './assignment-oracle.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const empty = (): ComplianceFigures => ({ assigned: 0, completed: 0, overdue: 0, expiring: 0 });

/** The figures worked out from whole tables: every course of assigned training of enabled learners. */
export async function expectedFigures(db: Database, now: Date, onlyTeam?: string) {
  const [oracle, memberships, people, teamRows, courseRows] = await Promise.all([
    loadOracle(db),
    db.select().from(teamMembers),
    db.select().from(users),
    db.select().from(teams),
    db.select().from(courses),
  ]);
  const enabled = new Set(people.filter((user) => user.status).map((user) => user.id));
  const inTeam = (userId: string, teamId: string) =>
    memberships.some((row) => row.userId === userId && row.teamId === teamId);
  const soon = new Date(now.getTime() + EXPIRING_WITHIN_DAYS * DAY_MS);
  const total = empty();
  const byTeam = new Map<string, ComplianceFigures>();
  const byCourse = new Map<string, ComplianceFigures>();
  const add = (into: ComplianceFigures, state: string, expiresAt: Date | null) => {
    into.assigned += 1;
    if (state === 'completed') into.completed += 1;
    if (state === 'overdue' || state === 'expired') into.overdue += 1;
    if (state === 'completed' && expiresAt && expiresAt <= soon) into.expiring += 1;
  };
  for (const a of oracle.assignments.filter((row) => row.kind === 'assigned')) {
    for (const [userId, at] of oracle.learners(a.id)) {
      if (!enabled.has(userId) || (onlyTeam && !inTeam(userId, onlyTeam))) continue;
      for (const one of oracle.states(a.id, userId, at, now)) {
        add(total, one.state, one.expiresAt);
        const forCourse = byCourse.get(one.courseId) ?? empty();
        byCourse.set(one.courseId, forCourse);
        add(forCourse, one.state, one.expiresAt);
        for (const m of memberships.filter(
          (row) => row.userId === userId && (!onlyTeam || row.teamId === onlyTeam),
        )) {
          const forTeam = byTeam.get(m.teamId) ?? empty();
          byTeam.set(m.teamId, forTeam);
          add(forTeam, one.state, one.expiresAt);
        }
      }
    }
  }
  const named = (map: Map<string, ComplianceFigures>, names: { id: string; name: string }[]) =>
    [...map].map(([id, figures]) => ({
      _id: id,
      name: names.find((row) => row.id === id)?.name,
      ...figures,
    }));
  const byName = (a: { name?: string; _id: string }, b: { name?: string; _id: string }) =>
    (a.name ?? '').localeCompare(b.name ?? '') || a._id.localeCompare(b._id);
  return {
    total,
    teams: named(
      byTeam,
      teamRows.map((row) => ({ id: row.id, name: row.title })),
    ).sort(byName),
    courses: named(byCourse, courseRows).sort(byName),
  };
}
