import type { ChecklistItem, ChecklistRecordAction } from '@contract/checklists/records';
import { checklistTypeName } from '@contract/checklists/resource';
import { Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PendingRecord } from '@/lib/outbox-checklist-records';
import { WAITING_LABEL } from '@/lib/outbox-learning';
import { ChecklistStateBadge } from './checklist-state-badge';
import { PendingRecords } from './pending-records';
import { RecordHistory } from './record-history';

type ChecklistItemCardProps = {
  item: ChecklistItem;
  /** The record of this item waiting in the outbox on this device, if one does. */
  waiting?: ChecklistRecordAction | null;
  /** The records of this item waiting in the outbox, as their bodies say (note, answer, file). */
  pending?: PendingRecord[];
  /** What the person looking may do on it (tick, answer, upload, sign off, withdraw). */
  children?: ReactNode;
};

/**
 * One item of a learner's checklist, for whoever looks at it (the learner, their lead, an observer):
 * its title, instructions, type and whether it is required, where it stands (marked when a record
 * waits to be sent), the actions given, and its history.
 */
export function ChecklistItemCard({ item, waiting = null, pending = [], children }: ChecklistItemCardProps) {
  const titleId = `checklist-item-${item._id}`;
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h5" id={titleId}>
              {item.title}
            </Title>
            <Text size="xs" c="dimmed">
              {checklistTypeName(item.type)} · {item.required ? 'Required' : 'Optional'}
            </Text>
          </Stack>
          <Group gap={6} justify="flex-end" style={{ flexShrink: 0 }}>
            <ChecklistStateBadge state={item.state} type={item.type} />
            {waiting && (
              <Badge color="yellow" variant="light">
                {WAITING_LABEL}
              </Badge>
            )}
          </Group>
        </Group>
        {item.instructions && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.instructions}
          </Text>
        )}
        {pending.length > 0 && <PendingRecords records={pending} type={item.type} />}
        {children}
        {item.history.length > 0 && (
          <>
            <Divider label="History" labelPosition="left" />
            <RecordHistory history={item.history} type={item.type} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
