import type { ChecklistItem } from '@contract/checklists/records';
import { Button, Group } from '@mantine/core';
import { useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth-store';
import { type ChecklistRecordSend, useChecklistRecord } from '@/lib/checklist-records';
import { learningKeys } from '@/lib/learning-keys';
import { WithdrawDialog } from '@/ui/checklist/withdraw-dialog';
import { SignOffDialog, type SignOffKind, signOffWords } from './sign-off-dialog';

const INVALIDATE = [learningKeys.all];

type ObserverItemActionsProps = {
  item: ChecklistItem;
  checklistId: string;
  learnerId: string;
  /** A record of the item waits in the outbox: nothing more is offered until it is sent. */
  waiting: boolean;
};

/**
 * What a named observer does on a learner's item the server lets them record: sign off (or rate
 * competent), mark not yet, each with a note and an optional photo, and withdraw their own record
 * with a reason. Each record's id is made here once, so the outbox's replay counts once.
 */
export function ObserverItemActions({ item, checklistId, learnerId, waiting }: ObserverItemActionsProps) {
  const me = useAuth((state) => state.user?._id ?? null);
  const record = useChecklistRecord(INVALIDATE);
  const recordId = useRef(crypto.randomUUID());
  const [open, setOpen] = useState<SignOffKind | 'withdraw' | null>(null);
  const errors = isApiError(record.error) ? record.error.errors : {};
  if (waiting) return null;

  const send = (fields: Pick<ChecklistRecordSend, 'action' | 'note' | 'file' | 'withdraws'>) =>
    record.mutate(
      {
        recordId: recordId.current,
        learnerId,
        checklistId,
        activityId: item._id,
        type: item.type,
        title: item.title,
        ...fields,
      },
      {
        onSuccess: () => {
          recordId.current = crypto.randomUUID();
          setOpen(null);
        },
      },
    );

  const current = item.current;
  const mine = current !== null && me !== null && current.by._id === me && current.withdrawnAt === null;
  const canSign = item.canRecord && item.state !== 'done';
  if (!canSign && !mine) return null;
  return (
    <>
      <Group gap="xs">
        {canSign && (
          <>
            <Button onClick={() => setOpen('done')}>{signOffWords(item, 'done')}</Button>
            <Button variant="default" onClick={() => setOpen('notYet')}>
              {signOffWords(item, 'notYet')}
            </Button>
          </>
        )}
        {mine && (
          <Button variant="default" color="red" onClick={() => setOpen('withdraw')}>
            Withdraw
          </Button>
        )}
      </Group>
      {(open === 'done' || open === 'notYet') && (
        <SignOffDialog
          item={item}
          kind={open}
          pending={record.isPending}
          errors={{ note: errors.note, file: errors.file }}
          onSend={(note, photo) => send({ action: open, note, file: photo })}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'withdraw' && current && (
        <WithdrawDialog
          opened
          itemTitle={item.title}
          pending={record.isPending}
          error={errors.note}
          onWithdraw={(reason) => send({ action: 'withdraw', note: reason, withdraws: current._id })}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
