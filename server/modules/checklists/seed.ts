import { eq, inArray } from 'drizzle-orm';
import type { ChecklistActivityType } from '../../../contract/checklists/resource.ts';
import type { Transaction } from '../../db/client.ts';
import { checklistActivities, checklists } from '../../db/schema/checklists.ts';

type SeedActivity = { title: string; type: ChecklistActivityType; required?: boolean; instructions?: string };

/** What the demo's checklists hold: each kind of activity, so the edit screen shows them all. */
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
};

/** Gives the seeded checklists of `demoChecklists` their description and activities. */
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
}
