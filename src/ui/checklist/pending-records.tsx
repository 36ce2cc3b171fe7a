import type { ChecklistActivityType } from '@contract/checklists/resource';
import { Group, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format-date';
import type { PendingRecord } from '@/lib/outbox-checklist-records';
import { recordVerb } from './record-history';

/**
 * What of an item waits in this device's outbox: each record with when it was made here, its note or
 * answer, and the photo or evidence kept on the device until it can be uploaded.
 */
export function PendingRecords({ records, type }: { records: PendingRecord[]; type: ChecklistActivityType }) {
  return (
    <Stack
      component="ul"
      gap={4}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="Waiting on this device"
    >
      {records.map((record) => (
        <Stack component="li" key={`${record.seq}-${record.recordId}`} gap={2}>
          <Group gap={6} wrap="nowrap">
            <IconCloudUpload size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">
              {recordVerb(record, type)} on this device, {formatDateTime(record.createdAt)}
            </Text>
          </Group>
          {record.note && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {record.action === 'withdraw' ? 'Reason: ' : ''}
              {record.note}
            </Text>
          )}
          {record.photoName && (
            <Text size="sm" c="dimmed">
              {record.photoName}: kept on this device until it is uploaded
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
