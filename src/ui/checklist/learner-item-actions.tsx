import {
  CHECKLIST_FILE_MAX_BYTES,
  CHECKLIST_NOTE_MAX,
  type ChecklistItem,
  checklistRecordMessages as m,
} from '@contract/checklists/records';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconCheck, IconSend, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { type ChecklistRecordSend, useChecklistRecord } from '@/lib/checklist-records';
import { FileChoice } from './file-choice';
import { WithdrawDialog } from './withdraw-dialog';

/** What the learner may hand in as evidence: a photo or a PDF. */
export const EVIDENCE_ACCEPT = 'image/*,application/pdf';

type LearnerItemActionsProps = {
  item: ChecklistItem;
  checklistId: string;
  learnerId: string;
  /** A record of the item waits in the outbox: nothing more is offered until it is sent. */
  waiting: boolean;
  /** The queries to read again once a record is answered. */
  invalidate: readonly (readonly unknown[])[];
};

/**
 * What the learner does on their own item: tick it, write and send the answer, upload evidence, and
 * withdraw what they recorded, with a reason. Each record's id is made here once, so a second tap or
 * the outbox's replay counts once.
 */
export function LearnerItemActions({
  item,
  checklistId,
  learnerId,
  waiting,
  invalidate,
}: LearnerItemActionsProps) {
  const record = useChecklistRecord(invalidate);
  const recordId = useRef(crypto.randomUUID());
  const [answer, setAnswer] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const serverErrors = isApiError(record.error) ? record.error.errors : {};

  const send = (
    fields: Pick<ChecklistRecordSend, 'action' | 'note' | 'file' | 'withdraws'>,
    after?: () => void,
  ) =>
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
          after?.();
        },
      },
    );

  const own = item.current;
  const canWithdraw =
    !waiting &&
    item.state === 'done' &&
    own !== null &&
    own.by.role === 'learner' &&
    own.by._id === learnerId &&
    own.withdrawnAt === null;
  if (canWithdraw)
    return (
      <>
        <Group>
          <Button variant="default" color="red" onClick={() => setWithdrawing(true)}>
            Withdraw
          </Button>
        </Group>
        {withdrawing && (
          <WithdrawDialog
            opened
            itemTitle={item.title}
            pending={record.isPending}
            error={serverErrors.note}
            onWithdraw={(reason) =>
              send({ action: 'withdraw', note: reason, withdraws: own._id }, () => setWithdrawing(false))
            }
            onClose={() => setWithdrawing(false)}
          />
        )}
      </>
    );
  if (waiting || !item.canRecord || item.state === 'done') return null;

  if (item.type === 'learnerTick')
    return (
      <Group>
        <Button
          leftSection={<IconCheck size={16} aria-hidden />}
          loading={record.isPending}
          onClick={() => send({ action: 'done' })}
        >
          Tick off
        </Button>
      </Group>
    );

  if (item.type === 'writtenAnswer')
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const text = answer.trim();
          if (text === '') return setLocalError(m.answerRequired);
          if (text.length > CHECKLIST_NOTE_MAX) return setLocalError(m.noteTooLong);
          send({ action: 'done', note: text }, () => setAnswer(''));
        }}
      >
        <Stack gap="xs">
          <Textarea
            label="Your answer"
            autosize
            minRows={2}
            value={answer}
            onChange={(event) => {
              setAnswer(event.currentTarget.value);
              setLocalError(null);
            }}
            error={localError ?? serverErrors.note}
          />
          <Group>
            <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={record.isPending}>
              Send answer
            </Button>
          </Group>
        </Stack>
      </form>
    );

  if (item.type === 'evidence')
    return (
      <Stack gap="xs">
        <FileChoice
          label="Evidence (a photo or PDF)"
          accept={EVIDENCE_ACCEPT}
          value={file}
          onChange={(next) => {
            setFile(next);
            setLocalError(null);
          }}
          error={localError ?? serverErrors.file}
        />
        <Group>
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            loading={record.isPending}
            onClick={() => {
              if (!file) return setLocalError(m.evidenceRequired);
              if (file.size > CHECKLIST_FILE_MAX_BYTES) return setLocalError(m.fileTooLarge);
              send({ action: 'done', file }, () => setFile(null));
            }}
          >
            Upload evidence
          </Button>
        </Group>
      </Stack>
    );
  return null;
}
