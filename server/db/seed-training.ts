import { hashToken, newToken } from '../auth/tokens.ts';
import type { Transaction } from './client.ts';
import { sessions } from './schema/auth.ts';
import { checklists } from './schema/checklists.ts';
import {
  courseAssignmentAssignees,
  courseAssignmentCourses,
  courseAssignmentLearners,
  courseAssignments,
} from './schema/course-assignments.ts';
import { courseCompletions, courses } from './schema/courses.ts';
import { checklistTitles, courseNames, disabledCourseNames, trainingsToSeed } from './seed-data.ts';
import { courseLinks } from './seed-outlines.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Courses, checklists, the teams' assigned trainings, and a history for the members: completions
 * (each member has a diligence of their own, so progress and the sorts differ visibly) and a few
 * past sign-ins (sessions that were logged out), so the dashboard's activity shows. The checklists'
 * activities, outlines and records are seeded later (seedChecklistHistory).
 */
export async function seedTraining(
  tx: Transaction,
  options: {
    random: () => number;
    teamId: (title: string) => string;
    leadOf: (title: string) => string;
    membersOf: (title: string) => string[];
  },
) {
  const { random, teamId, leadOf, membersOf } = options;
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * DAY_MS);
  const day = (offset: number) => new Date(now + offset * DAY_MS).toISOString().slice(0, 10);

  const courseRows = await tx
    .insert(courses)
    .values(
      courseNames.map((name) => ({
        name,
        status: !disabledCourseNames.includes(name),
        externalLink: courseLinks[name]?.link ?? null,
        externalTitle: courseLinks[name]?.title ?? null,
      })),
    )
    .returning({ id: courses.id, name: courses.name });
  const courseId = (name: string) => courseRows.find((row) => row.name === name)?.id as string;
  await tx.insert(checklists).values(checklistTitles.map((title) => ({ title })));

  // How keen each member is: from 0 (never completes anything) to 1.
  const diligence = new Map<string, number>();
  const keenness = (userId: string) => {
    if (!diligence.has(userId)) diligence.set(userId, random() < 0.15 ? 0 : random());
    return diligence.get(userId) as number;
  };

  const assignedCourses = new Map<string, { courseId: string; since: number }[]>();
  for (const training of trainingsToSeed) {
    const members = membersOf(training.team);
    const included = training.someMembers ? members.slice(0, training.someMembers) : members;
    const made = daysAgo(training.createdDaysAgo);
    const [row] = await tx
      .insert(courseAssignments)
      .values({
        teamId: teamId(training.team),
        title: training.title,
        deadline: training.deadlineInDays === null ? null : day(training.deadlineInDays),
        assigneeKind: training.someMembers ? 'users' : 'teams',
        createdBy: leadOf(training.team),
        createdAt: made,
        updatedAt: made,
      })
      .returning({ id: courseAssignments.id });
    if (!row) throw new Error('Seeding a course assignment returned nothing');
    await tx
      .insert(courseAssignmentCourses)
      .values(training.courses.map((name) => ({ assignmentId: row.id, courseId: courseId(name) })));
    await tx
      .insert(courseAssignmentAssignees)
      .values(
        training.someMembers
          ? included.map((userId) => ({ assignmentId: row.id, userId, addedAt: made }))
          : [{ assignmentId: row.id, teamId: teamId(training.team), addedAt: made }],
      );
    if (training.someMembers) {
      await tx
        .insert(courseAssignmentLearners)
        .values(included.map((userId) => ({ assignmentId: row.id, userId, lastEmailedAt: made })));
    }
    for (const userId of included) {
      const list = assignedCourses.get(userId) ?? [];
      for (const name of training.courses)
        list.push({ courseId: courseId(name), since: training.createdDaysAgo });
      assignedCourses.set(userId, list);
    }
  }

  const completions: (typeof courseCompletions.$inferInsert)[] = [];
  for (const [userId, list] of assignedCourses) {
    const done = new Set<string>();
    for (const { courseId: id, since } of list) {
      if (done.has(id) || random() >= keenness(userId)) continue;
      done.add(id);
      completions.push({ userId, courseId: id, completedAt: daysAgo(random() * since) });
    }
  }
  if (completions.length > 0) await tx.insert(courseCompletions).values(completions);

  const members = [...new Set(trainingsToSeed.flatMap((training) => membersOf(training.team)))];
  const signIns: (typeof sessions.$inferInsert)[] = [];
  for (const userId of members) {
    if (random() < 0.4) {
      for (let visit = Math.floor(random() * 3) + 1; visit > 0; visit -= 1) {
        // A session that was logged out: nobody holds its token; it only records the sign-in.
        const createdAt = daysAgo(1 + random() * 24);
        signIns.push({
          userId,
          tokenHash: hashToken(newToken()),
          createdAt,
          expiresAt: new Date(createdAt.getTime() + 30 * DAY_MS),
          revokedAt: new Date(createdAt.getTime() + 2 * HOUR_MS),
        });
      }
    }
  }
  if (signIns.length > 0) await tx.insert(sessions).values(signIns);
}
