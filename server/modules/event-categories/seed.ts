import type { Transaction } from '../../db/client.ts';
import { eventCategories } from '../../db/schema/event-categories.ts';

/** Demo categories, one of them unpublished so the status filter shows a difference. */
export const demoEventCategories = [
  { title: 'Workshop', description: 'Hands-on sessions in small groups.', status: true },
  { title: 'Webinar', description: 'Talks held online, open to every team.', status: true },
  { title: 'Safety Drill', description: 'Evacuation and first-aid practice on site.', status: true },
  { title: 'Team Meeting', description: 'Regular meetings of a team with its lead.', status: true },
  { title: 'Conference', description: 'Outside events staff attend.', status: false },
] as const;

export async function seedEventCategories(tx: Transaction) {
  await tx.insert(eventCategories).values(demoEventCategories.map((category) => ({ ...category })));
}
