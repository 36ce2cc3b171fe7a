import type { TranscriptEntry } from '@contract/team-dashboard';
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { formatDate } from '@/lib/format-date';
import { FieldLine } from '@/ui/field-line';
import { useBelow } from '@/ui/responsive';
import { ScrollTable } from '@/ui/scroll-region';
import { NO_VALUE } from '../format';

const nowrap = { whiteSpace: 'nowrap' } as const;

function KindBadge({ entry }: { entry: TranscriptEntry }) {
  return (
    <Badge variant="light" tt="none" miw="max-content" color={entry.kind === 'course' ? 'blue' : 'grape'}>
      {entry.kind === 'course' ? 'Course' : 'Checklist'}
    </Badge>
  );
}

/** The files the member handed in for the course's activities, each opening its stored copy. */
function HandIns({ entry }: { entry: TranscriptEntry }) {
  if (!entry.handIns || entry.handIns.length === 0) return null;
  return (
    <Group gap={4} mt={2} wrap="wrap">
      <Text size="xs" c="dimmed">
        Handed in:
      </Text>
      {entry.handIns.map((file) => (
        <Anchor key={file._id} href={file.url} target="_blank" rel="noopener noreferrer" size="xs">
          {file.name}
        </Anchor>
      ))}
    </Group>
  );
}

const rowKey = (entry: TranscriptEntry) => `${entry.kind}-${entry._id}-${entry.trainingTitle ?? ''}`;

/**
 * Every course and checklist assigned to the member, with its dates. A phone keeps Title and
 * Deadline as columns and shows the rest under the title.
 */
export function TranscriptTable({ entries }: { entries: TranscriptEntry[] }) {
  const phone = useBelow('sm');
  if (entries.length === 0) return <Text c="dimmed">No courses or checklists assigned yet.</Text>;
  if (phone) {
    return (
      <Table striped aria-label="Transcript" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Deadline</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={rowKey(entry)}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Group gap="xs" mb={2}>
                  <KindBadge entry={entry} />
                  <Text size="sm" fw={600}>
                    {entry.title}
                  </Text>
                </Group>
                <HandIns entry={entry} />
                {entry.trainingTitle ? <FieldLine label="Training">{entry.trainingTitle}</FieldLine> : null}
                <FieldLine label="Assigned">{formatDate(entry.assignedAt)}</FieldLine>
                <FieldLine label="Completed">{formatDate(entry.completedAt)}</FieldLine>
              </Table.Td>
              <Table.Td style={nowrap}>{formatDate(entry.deadline)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <ScrollTable label="Transcript">
      <Table striped aria-label="Transcript">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Type</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>Training</Table.Th>
            <Table.Th>Assigned</Table.Th>
            <Table.Th>Deadline</Table.Th>
            <Table.Th>Completed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={rowKey(entry)}>
              <Table.Td style={nowrap}>
                <KindBadge entry={entry} />
              </Table.Td>
              <Table.Td>
                {entry.title}
                <HandIns entry={entry} />
              </Table.Td>
              <Table.Td>{entry.trainingTitle ?? NO_VALUE}</Table.Td>
              <Table.Td style={nowrap}>{formatDate(entry.assignedAt)}</Table.Td>
              <Table.Td style={nowrap}>{formatDate(entry.deadline)}</Table.Td>
              <Table.Td style={nowrap}>{formatDate(entry.completedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
