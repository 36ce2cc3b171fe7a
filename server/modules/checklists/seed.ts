import { eq, inArray, sql } from 'drizzle-orm';
import type { ChecklistActivityType } from '../../../contract/checklists/resource.ts';
import type { Transaction } from '../../db/client.ts';
import { checklistActivities, checklists } from '../../db/schema/checklists.ts';
import { courses } from '../../db/schema/courses.ts';
import { checklistPlacement } from '../../db/seed-outlines.ts';

type SeedActivity = { title: string; type: ChecklistActivityType; required?: boolean; instructions?: string };

/** What the demo's checklists hold: each kind of activity, so the edit screen shows them all, and every checklist some. */
const demoChecklists: Record<string, { description: string; activities: SeedActivity[] }> = {
  'Safety Walkthrough': {
    description: 'A walk round the site with the team lead in the first week.',
    activities: [
      { title: 'Knows the evacuation route', type: 'leadSignOff', instructions: 'Walk it with the lead.' },
      { title: 'Has read the site safety rules', type: 'learnerTick' },
      {
        title: 'Photo of the nearest fire point',
        type: 'evidence',
        instructions: 'Take it with the phone, the extinguisher in view.',
      },
      { title: 'Where is the first aid kit kept?', type: 'writtenAnswer', required: false },
    ],
  },
  'Equipment Setup': {
    description: 'The tools of the job, set up and checked.',
    activities: [
      { title: 'Sets up the workstation', type: 'learnerTick' },
      { title: 'Operates the forklift under supervision', type: 'observerSignOff' },
      { title: 'Safe to operate alone', type: 'rating' },
    ],
  },
  'Customer Visit Preparation': {
    description: 'Ready for a first visit to a customer on their own.',
    activities: [
      { title: 'Has read the account history', type: 'learnerTick' },
      { title: 'Visit plan agreed with the lead', type: 'leadSignOff' },
      { title: 'What will you ask the customer first?', type: 'writtenAnswer' },
      { title: 'Shadowed a visit', type: 'learnerTick', required: false },
    ],
  },
  'Annual Performance Self-Review': {
    description: 'The year looked back on, before the review meeting.',
    activities: [
      {
        title: 'Self-review form filled in',
        type: 'evidence',
        instructions: 'Upload the form, or a photo of it.',
      },
      { title: 'Goals for next year agreed', type: 'leadSignOff' },
    ],
  },
  'New Hire Paperwork': {
    description: 'The forms of the first day.',
    activities: [
      { title: 'Contract signed', type: 'learnerTick' },
      { title: 'Bank details handed in', type: 'learnerTick' },
      { title: 'ID checked', type: 'leadSignOff' },
    ],
  },
  'Quarterly Compliance Review': {
    description: 'The policies of the quarter, read and understood.',
    activities: [
      { title: 'Policies of the quarter read', type: 'learnerTick' },
      { title: 'Understands the reporting line', type: 'rating' },
    ],
  },
};

/**
 * Gives the seeded checklists of `demoChecklists` their description and activities, and ends the
 * outlines checklistPlacement names with them: run it after the courses', lessons' and quizzes' seeds.
 */
export async function seedChecklistActivities(tx: Transaction) {
  const rows = await tx
    .select({ id: checklists.id, title: checklists.title })
    .from(checklists)
    .where(inArray(checklists.title, Object.keys(demoChecklists)));
  for (const row of rows) {
    const demo = demoChecklists[row.title];
    if (!demo) continue;
    await tx.update(checklists).set({ description: demo.description }).where(eq(checklists.id, row.id));
    await tx.insert(checklistActivities).values(
      demo.activities.map((activity, index) => ({
        checklistId: row.id,
        position: index + 1,
        title: activity.title,
        type: activity.type,
        required: activity.required ?? true,
        instructions: activity.instructions ?? '',
      })),
    );
  }
  for (const [title, names] of Object.entries(checklistPlacement)) {
    const checklist = rows.find((row) => row.title === title);
    if (!checklist) throw new Error(`No demo checklist ${title}`);
    if (names.length === 0) continue;
    const placed = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(inArray(courses.name, [...names]));
    if (placed.length !== names.length) throw new Error(`No demo course among ${names.join(', ')}`);
    for (const course of placed)
      await tx.execute(sql`
        insert into course_outline_items (course_id, position, checklist_id)
        select ${course.id}, coalesce(max(position), -1) + 1, ${checklist.id}
          from course_outline_items where course_id = ${course.id}`);
  }
}
