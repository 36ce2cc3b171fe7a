import type { ChecklistRecord, ChecklistRecorderRole } from '@contract/checklists/records';
import type { ChecklistActivityType } from '@contract/checklists/resource';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format-date';
import { RecordFileLink } from './record-file-link';

export const RECORDER_ROLE_LABELS: Record<ChecklistRecorderRole, string> = {
  learner: 'learner',
  lead: 'team lead',
  observer: 'observer',
};

/** What a record did, in words fitting the item's type: 'Ticked', 'Signed off', 'Not yet', 'Withdrew'. */
export function recordVerb(record: Pick<ChecklistRecord, 'action'>, type: ChecklistActivityType): string {
  if (record.action === 'withdraw') return 'Withdrew';
  if (type === 'rating') return record.action === 'done' ? 'Rated competent' : 'Rated not yet competent';
  if (record.action === 'notYet') return 'Not yet';
  if (type === 'learnerTick') return 'Ticked';
  if (type === 'writtenAnswer') return 'Answered';
  if (type === 'evidence') return 'Uploaded evidence';
  return 'Signed off';
}

/** Who did it and when, as the device said: 'Signed off by Taylor Morgan (team lead), Nov 27, 2026, 10:05 AM'. */
export function recordLine(record: ChecklistRecord, type: ChecklistActivityType): string {
  return `${recordVerb(record, type)} by ${record.by.name} (${RECORDER_ROLE_LABELS[record.by.role]}), ${formatDateTime(record.doneAt)}`;
}

/** Sent more than a few minutes after it was done: the record says when the server got it too. */
const LATE_MS = 5 * 60 * 1000;

function HistoryRow({ record, type }: { record: ChecklistRecord; type: ChecklistActivityType }) {
  const late = Date.parse(record.receivedAt) - Date.parse(record.doneAt) > LATE_MS;
  return (
    <Stack component="li" gap={2}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" td={record.withdrawnAt ? 'line-through' : undefined}>
          {recordLine(record, type)}
        </Text>
        {record.withdrawnAt && (
          <Badge size="sm" variant="light" color="gray">
            Withdrawn {formatDateTime(record.withdrawnAt)}
          </Badge>
        )}
      </Group>
      {late && (
        <Text size="xs" c="dimmed">
          Received {formatDateTime(record.receivedAt)}
        </Text>
      )}
      {record.note && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {record.action === 'withdraw' ? 'Reason: ' : ''}
          {record.note}
        </Text>
      )}
      {record.hasFile && <RecordFileLink recordId={record._id} fileName={record.fileName ?? 'File'} />}
    </Stack>
  );
}

/** An item's history, newest first: who recorded what and when, with notes, reasons and files. */
export function RecordHistory({
  history,
  type,
}: {
  history: ChecklistRecord[];
  type: ChecklistActivityType;
}) {
  return (
    <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="History">
      {history.map((record) => (
        <HistoryRow key={record._id} record={record} type={type} />
      ))}
    </Stack>
  );
}
