import { rmSync } from 'node:fs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/client.ts';
import { nothingToTake } from '../../server/db/learner-progress.ts';
import { checklists } from '../../server/db/schema/checklists.ts';
import { courseOutlineItems, courses } from '../../server/db/schema/courses.ts';
import { lessons } from '../../server/db/schema/lessons.ts';
import { quizzes } from '../../server/db/schema/quizzes.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import { checklistPlacement, courseSubjects, outlinePlacement } from '../../server/db/seed-outlines.ts';
import { createFileStore } from '../../server/files/store.ts';
import { storeFromEnvironment } from './files-env.ts';

// Seeded with a file store as the server does, so the lesson with files is placed too.
const { config: filesConfig, root } = storeFromEnvironment();
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({});
  await handle.migrate();
  await seedIfEmpty(handle.db, createFileStore(filesConfig));
});
afterAll(async () => {
  await handle.close();
  rmSync(root, { recursive: true, force: true });
});

/** Each course's outline as the names of its lessons and quizzes (or, with `checklists`, every item), first to last. */
async function outlines({ checklists: withChecklists = false } = {}) {
  const rows = await handle.db
    .select({ course: courses.name, lesson: lessons.name, quiz: quizzes.name, checklist: checklists.title })
    .from(courseOutlineItems)
    .innerJoin(courses, eq(courses.id, courseOutlineItems.courseId))
    .leftJoin(lessons, eq(lessons.id, courseOutlineItems.lessonId))
    .leftJoin(quizzes, eq(quizzes.id, courseOutlineItems.quizId))
    .leftJoin(checklists, eq(checklists.id, courseOutlineItems.checklistId))
    .orderBy(asc(courses.name), asc(courseOutlineItems.position));
  const byCourse = new Map<string, string[]>();
  for (const row of rows) {
    const name = row.lesson ?? row.quiz ?? (withChecklists ? row.checklist : null);
    if (name !== null) byCourse.set(row.course, [...(byCourse.get(row.course) ?? []), name]);
  }
  return byCourse;
}

describe("the demo courses' outlines", () => {
  it("hold only lessons and quizzes of the course's subject", async () => {
    const found = await outlines();
    expect(found.size).toBeGreaterThan(0);
    for (const [course, items] of found) {
      const subject = courseSubjects[course as keyof typeof courseSubjects];
      expect(subject, course).toBeDefined();
      for (const item of items)
        expect(`${course}: ${item} is ${outlinePlacement[item]?.subject}`).toBe(
          `${course}: ${item} is ${subject}`,
        );
    }
    // No forklift quiz in the data-privacy course.
    expect(found.get('Data Privacy and GDPR') ?? []).not.toContain('Forklift Safety Check');
  });

  it('place each lesson and published quiz in the courses the seed data names, once each', async () => {
    const found = await outlines();
    for (const [item, { courses: named }] of Object.entries(outlinePlacement))
      for (const course of named)
        expect(
          (found.get(course) ?? []).filter((name) => name === item),
          `${item} in ${course}`,
        ).toHaveLength(1);
    expect(found.get('Workplace Safety Essentials')).toEqual([
      'Forklift Safety Basics',
      'Fire Safety and Evacuation',
      'Forklift Safety Check',
    ]);
  });

  it('end the outlines of assigned courses with the checklists the seed data names, once each', async () => {
    const found = await outlines({ checklists: true });
    expect(found.get('Workplace Safety Essentials')).toEqual([
      'Forklift Safety Basics',
      'Fire Safety and Evacuation',
      'Forklift Safety Check',
      'Safety Walkthrough',
      'Equipment Setup',
    ]);
    for (const [checklist, named] of Object.entries(checklistPlacement))
      for (const course of named)
        expect(
          (found.get(course) ?? []).filter((name) => name === checklist),
          `${checklist} in ${course}`,
        ).toHaveLength(1);
    const placed = await handle.db
      .select({ title: checklists.title, count: sql<number>`count(*)::int` })
      .from(courseOutlineItems)
      .innerJoin(checklists, eq(checklists.id, courseOutlineItems.checklistId))
      .groupBy(checklists.title);
    expect(Object.fromEntries(placed.map((row) => [row.title, row.count]))).toEqual({
      'Safety Walkthrough': 1,
      'Equipment Setup': 1,
      'Customer Visit Preparation': 1,
      'Annual Performance Self-Review': 1,
    });
  });

  it('leave no enabled course with nothing to take: each has an outline or a link its learners mark done at', async () => {
    const hollow = await handle.db
      .select({ name: courses.name })
      .from(courses)
      .where(and(eq(courses.status, true), sql`${nothingToTake(sql`"courses"`)}`));
    expect(hollow).toEqual([]);
    const [time] = await handle.db
      .select({ link: courses.externalLink })
      .from(courses)
      .where(eq(courses.name, 'Time Management'));
    expect(time?.link).toMatch(/^https:\/\//);
  });
});
