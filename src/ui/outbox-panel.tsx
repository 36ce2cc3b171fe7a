import { Badge, Button, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type OutboxSummary, postToOutbox, useOutbox } from '@/lib/outbox';
import { ageOf } from '@/lib/outbox-headers';
import { canEdit } from '../../sw/outbox/protocol.ts';
import { openConfirm } from './confirm-host';
import { useGuardedClose } from './form/use-guarded-close';
import { OutboxEditForm } from './outbox-edit-form';

const statusLabel: Record<OutboxSummary['status'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  sending: { label: 'Sending', color: 'blue' },
  failed: { label: 'Failed', color: 'red' },
};

/** Re-renders every half minute so the ages stay right while the panel is open. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function OutboxEntryRow({
  entry,
  now,
  onEdit,
}: {
  entry: OutboxSummary;
  now: number;
  onEdit: (seq: number) => void;
}) {
  const status = statusLabel[entry.status];
  const queryClient = useQueryClient();
  // A discarded change never reaches the server: what the screens showed of it is replaced by a refetch.
  const discard = () => {
    postToOutbox({ type: 'outbox:discard', seq: entry.seq });
    void queryClient.invalidateQueries();
  };
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={`${entry.action}: ${entry.target}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {entry.action}
          </Text>
          <Text size="sm">{entry.target}</Text>
          <Text size="xs" c="dimmed">
            {ageOf(entry.createdAt, now)}
          </Text>
        </Stack>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Group>
      {entry.lastError ? (
        <Text size="sm" c={entry.status === 'failed' ? 'red.7' : 'dimmed'} mt="xs">
          {entry.lastError}
        </Text>
      ) : null}
      <Group gap="xs" mt="xs" justify="flex-end">
        {entry.status === 'failed' ? (
          <Button
            size="xs"
            variant="light"
            onClick={() => postToOutbox({ type: 'outbox:retry', seq: entry.seq })}
          >
            Retry
          </Button>
        ) : null}
        {canEdit(entry) ? (
          <Button size="xs" variant="light" color="gray" onClick={() => onEdit(entry.seq)}>
            Edit
          </Button>
        ) : null}
        <Button size="xs" variant="subtle" color="red" onClick={() => openConfirm('delete', discard)}>
          Discard
        </Button>
      </Group>
    </Paper>
  );
}

/** The changes the worker keeps for later: what, to what, how old, their state and the server's word. */
export function OutboxPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { entries, paused } = useOutbox();
  const now = useNow(opened);
  const [editing, setEditing] = useState<number | null>(null);
  const edited = entries.find((entry) => entry.seq === editing);
  const close = () => {
    setEditing(null);
    onClose();
  };
  // Closing the drawer while a change is being edited asks first, as the form's Cancel does.
  const unsaved = useRef(() => false);
  const closeEditing = useGuardedClose(() => unsaved.current(), close);
  if (edited) {
    return (
      <Drawer opened={opened} onClose={closeEditing} position="right" title={`Edit change: ${edited.action}`}>
        {edited.lastError ? (
          <Text size="sm" c="red.7" mb="sm">
            {edited.lastError}
          </Text>
        ) : null}
        <OutboxEditForm seq={edited.seq} onClose={() => setEditing(null)} unsaved={unsaved} />
      </Drawer>
    );
  }
  return (
    <Drawer opened={opened} onClose={close} position="right" title="Offline changes">
      {paused ? (
        <Text size="sm" c="orange.8" mb="sm">
          Sign in again to send these changes.
        </Text>
      ) : null}
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes waiting.
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Offline changes">
          {entries.map((entry) => (
            <OutboxEntryRow key={entry.seq} entry={entry} now={now} onEdit={setEditing} />
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
