import type { ChecklistItem } from '@contract/checklists/records';
import type { PendingRecord } from '@/lib/outbox-checklist-records';
import { ChecklistItemCard } from '@/ui/checklist/checklist-item-card';
import { SignerActions } from '@/ui/checklist/signer-actions';

type LeadItemCardProps = {
  item: ChecklistItem;
  checklistId: string;
  learnerId: string;
  /** The records of this item that wait in this device's outbox, oldest first. */
  pending: PendingRecord[];
  /** The signed-in user: a record of theirs that stands can be withdrawn. */
  userId: string | null;
  invalidate: readonly (readonly unknown[])[];
};

/**
 * One item of a member's checklist for their lead: the shared item card, what waits to be sent from
 * this device (the shared card lists it), and the signer's actions on the items the lead may record.
 */
export function LeadItemCard({
  item,
  checklistId,
  learnerId,
  pending,
  userId,
  invalidate,
}: LeadItemCardProps) {
  return (
    <ChecklistItemCard item={item} waiting={pending.at(-1)?.action ?? null} pending={pending}>
      <SignerActions
        item={item}
        checklistId={checklistId}
        learnerId={learnerId}
        waiting={pending.length > 0}
        userId={userId}
        invalidate={invalidate}
      />
    </ChecklistItemCard>
  );
}
