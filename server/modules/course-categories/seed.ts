import type { Transaction } from '../../db/client.ts';
import { courseCategories } from '../../db/schema/course-categories.ts';

/** Demo categories, two levels deep: each top-level category with its subcategories. */
export const demoCourseCategories = [
  { name: 'Safety', children: ['Forklifts', 'First Aid', 'Fire Safety'] },
  { name: 'Sales', children: ['Prospecting', 'Negotiation'] },
  { name: 'Leadership', children: ['Coaching', 'Giving Feedback'] },
  { name: 'Compliance', children: ['Data Protection'] },
] as const;

export async function seedCourseCategories(tx: Transaction) {
  const parents = await tx
    .insert(courseCategories)
    .values(demoCourseCategories.map(({ name }) => ({ name })))
    .returning({ id: courseCategories.id, name: courseCategories.name });
  await tx.insert(courseCategories).values(
    demoCourseCategories.flatMap(({ name, children }) => {
      const parentId = parents.find((row) => row.name === name)?.id as string;
      return children.map((child) => ({ name: child, parentId }));
    }),
  );
}
