import type { LearnerChecklist } from '@contract/checklists/records';
import { Stack, Text } from '@mantine/core';
import { usePendingRecords, waitingByItem } from '@/lib/outbox-checklist-records';
import { itemRecordWaiting, useWaitingWork } from '@/lib/outbox-learning';
import { ChecklistItemCard } from './checklist-item-card';
import { LearnerItemActions } from './learner-item-actions';

type LearnerChecklistItemsProps = {
  /** The learner's checklist, with the work waiting on this device laid over it (checklistWithWork). */
  checklist: LearnerChecklist;
  invalidate: readonly (readonly unknown[])[];
};

/** The learner's own items in order, each with what the learner may do on it. */
export function LearnerChecklistItems({ checklist, invalidate }: LearnerChecklistItemsProps) {
  const work = useWaitingWork();
  const pending = waitingByItem(usePendingRecords(), checklist.learner._id);
  if (checklist.items.length === 0) return <Text c="dimmed">This checklist has no items yet.</Text>;
  return (
    <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Checklist items">
      {checklist.items.map((item) => {
        const waiting = itemRecordWaiting(work, checklist.learner._id, item._id);
        return (
          <li key={item._id}>
            <ChecklistItemCard item={item} waiting={waiting} pending={pending.get(item._id)}>
              <LearnerItemActions
                item={item}
                checklistId={checklist._id}
                learnerId={checklist.learner._id}
                waiting={waiting !== null}
                invalidate={invalidate}
              />
            </ChecklistItemCard>
          </li>
        );
      })}
    </Stack>
  );
}
