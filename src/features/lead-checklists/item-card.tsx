import type { ChecklistItem } from '@contract/checklists/records';
import { Button, Group } from '@mantine/core';
import { useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { useChecklistRecord } from '@/lib/checklist-records';
import type { PendingRecord } from '@/lib/outbox-checklist-records';
import { ChecklistItemCard } from '@/ui/checklist/checklist-item-card';
import { WithdrawDialog } from '@/ui/checklist/withdraw-dialog';
import { type RecordIntent, RecordModal } from '@/ui/checklist/record-modal';

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

/** The buttons an item offers the one who signs it off, by its type. */
function recordButtons(item: ChecklistItem) {
  const rating = item.type === 'rating';
  return [
    { kind: 'done' as const, label: rating ? 'Competent' : 'Sign off' },
    { kind: 'notYet' as const, label: rating ? 'Not yet competent' : 'Not yet' },
  ];
}

/**
 * One item of a member's checklist for their lead: the shared item card, what waits to be sent from
 * this device (the shared card lists it), and on the items the lead may record sign off / not yet (competent / not yet
 * competent for a rating) with a note and a photo, or the withdrawal of their own record.
 */
export function LeadItemCard({
  item,
  checklistId,
  learnerId,
  pending,
  userId,
  invalidate,
}: LeadItemCardProps) {
  const record = useChecklistRecord(invalidate);
  // Made once per record, so a second tap or the outbox's replay counts once.
  const recordId = useRef(crypto.randomUUID());
  const [intent, setIntent] = useState<RecordIntent | null>(null);
  const waiting = pending.length > 0;
  const current = item.current;
  const mine = current !== null && current.by._id === userId && current.withdrawnAt === null;
  const serverErrors = isApiError(record.error) ? record.error.errors : {};

  const send = async (fields: {
    action: RecordIntent['kind'];
    note: string;
    file?: File | null;
    withdraws?: string;
  }) => {
    await record.mutateAsync({
      recordId: recordId.current,
      learnerId,
      checklistId,
      activityId: item._id,
      type: item.type,
      title: item.title,
      ...fields,
    });
    recordId.current = crypto.randomUUID();
    setIntent(null);
  };

  return (
    <ChecklistItemCard item={item} waiting={pending.at(-1)?.action ?? null} pending={pending}>
      {!waiting && (item.canRecord || mine) ? (
        <Group gap="xs">
          {item.canRecord && item.state !== 'done'
            ? recordButtons(item).map((button) => (
                <Button
                  key={button.kind}
                  size="sm"
                  variant={button.kind === 'done' ? 'filled' : 'light'}
                  color={button.kind === 'done' ? undefined : 'orange'}
                  onClick={() => setIntent({ kind: button.kind, item })}
                >
                  {button.label}
                </Button>
              ))
            : null}
          {mine && current ? (
            <Button
              size="sm"
              variant="default"
              color="red"
              onClick={() => setIntent({ kind: 'withdraw', item, recordId: current._id })}
            >
              Withdraw
            </Button>
          ) : null}
        </Group>
      ) : null}
      {intent?.kind === 'withdraw' ? (
        <WithdrawDialog
          opened
          itemTitle={item.title}
          pending={record.isPending}
          error={serverErrors.note}
          onWithdraw={(reason) =>
            void send({ action: 'withdraw', note: reason, withdraws: intent.recordId }).catch(() => undefined)
          }
          onClose={() => setIntent(null)}
        />
      ) : null}
      {intent && intent.kind !== 'withdraw' ? (
        <RecordModal
          intent={intent}
          onSubmit={({ action, note, photo }) => send({ action, note, file: photo ?? null })}
          onClose={() => setIntent(null)}
        />
      ) : null}
    </ChecklistItemCard>
  );
}
