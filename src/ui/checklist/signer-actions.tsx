import type { ChecklistItem } from '@contract/checklists/records';
import { Button, Group } from '@mantine/core';
import { useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { useChecklistRecord } from '@/lib/checklist-records';
import { type RecordIntent, RecordModal } from './record-modal';
import { WithdrawDialog } from './withdraw-dialog';

type SignerActionsProps = {
  item: ChecklistItem;
  checklistId: string;
  learnerId: string;
  /** A record of the item waits in this device's outbox: nothing more is offered until it is sent. */
  waiting: boolean;
  /** The signed-in user: a record of theirs that stands can be withdrawn. */
  userId: string | null;
  /** The queries a record changes once answered. */
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
 * What a lead or a named observer does on a learner's item the server lets them record: sign off /
 * not yet (competent / not yet competent for a rating), each with a note and an optional photo, and
 * the withdrawal of their own standing record with a reason. Each record's id is made here once, so
 * a second tap or the outbox's replay counts once.
 */
export function SignerActions({
  item,
  checklistId,
  learnerId,
  waiting,
  userId,
  invalidate,
}: SignerActionsProps) {
  const record = useChecklistRecord(invalidate);
  const recordId = useRef(crypto.randomUUID());
  const [intent, setIntent] = useState<RecordIntent | null>(null);
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

  if (waiting || !(item.canRecord || mine)) return null;
  return (
    <>
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
    </>
  );
}
