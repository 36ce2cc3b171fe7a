import { randomUUID } from 'node:crypto';
import type { ChecklistRecordAction, ChecklistRecorderRole } from '../../contract/checklists/records.ts';
import type { ChecklistActivityType } from '../../contract/checklists/resource.ts';
import { checklistActivities, checklistRecords, checklists } from '../../server/db/schema/checklists.ts';
import type { TestContext } from './helpers.ts';

// Checklists and their records written straight into their tables: these tests are about what the
// records count for (outlines, bars, sorts, reports), not about the routes that write them.

type ItemSpec = { type?: ChecklistActivityType; required?: boolean };

/** A checklist (published unless told) with an item per spec; answers its id and its items' ids. */
export async function newChecklist(t: TestContext, items: ItemSpec[], status = true) {
  const [checklist] = await t.db
    .insert(checklists)
    .values({ title: `Checklist ${randomUUID().slice(0, 8)}`, status })
    .returning({ id: checklists.id, title: checklists.title });
  if (!checklist) throw new Error('Inserting a checklist returned nothing');
  const itemIds: string[] = [];
  for (const [index, spec] of items.entries()) {
    const [row] = await t.db
      .insert(checklistActivities)
      .values({
        checklistId: checklist.id,
        position: index + 1,
        title: `Item ${index + 1}`,
        type: spec.type ?? 'learnerTick',
        required: spec.required ?? false,
      })
      .returning({ id: checklistActivities.id });
    itemIds.push(row?.id as string);
  }
  return { checklistId: checklist.id, title: checklist.title, itemIds };
}

type RecordSpec = {
  userId: string;
  checklistId: string;
  activityId: string;
  action?: ChecklistRecordAction;
  doneAt?: Date;
  actor?: { id: string | null; name: string; role: ChecklistRecorderRole };
  withdrawnAt?: Date | null;
};

/** One record of an item, as the records routes store it; answers its id. */
export async function writeRecord(t: TestContext, spec: RecordSpec) {
  const id = randomUUID();
  const actor = spec.actor ?? { id: spec.userId, name: 'The learner', role: 'learner' as const };
  await t.db.insert(checklistRecords).values({
    id,
    userId: spec.userId,
    checklistId: spec.checklistId,
    activityId: spec.activityId,
    action: spec.action ?? 'done',
    actorId: actor.id,
    actorName: actor.name,
    actorRole: actor.role,
    doneAt: spec.doneAt ?? new Date(),
    withdrawnAt: spec.withdrawnAt ?? null,
  });
  return id;
}
