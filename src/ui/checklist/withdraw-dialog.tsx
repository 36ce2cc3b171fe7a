import { CHECKLIST_NOTE_MAX, checklistRecordMessages as m } from '@contract/checklists/records';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useGuardedClose } from '../form/use-guarded-close';

type WithdrawDialogProps = {
  opened: boolean;
  itemTitle: string;
  pending: boolean;
  /** A refusal's word on the reason, from the server. */
  error?: string;
  onWithdraw: (reason: string) => void;
  onClose: () => void;
};

/** Asks the reason a tick, answer, upload or sign-off is withdrawn; the reason stays in the history. */
export function WithdrawDialog({
  opened,
  itemTitle,
  pending,
  error,
  onWithdraw,
  onClose,
}: WithdrawDialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const close = useGuardedClose(() => reason.trim() !== '', onClose);
  return (
    <Modal opened={opened} onClose={() => void close()} title={`Withdraw: ${itemTitle}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const text = reason.trim();
          if (text === '') {
            setMissing(true);
            return;
          }
          onWithdraw(text);
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="Reason"
            withAsterisk
            autosize
            minRows={2}
            maxLength={CHECKLIST_NOTE_MAX}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? m.reasonRequired : error}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void close()}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={pending}>
              Withdraw
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
