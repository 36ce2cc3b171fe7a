import type { TranscriptEntry } from '@contract/team-dashboard';
import { Badge, Table, Text } from '@mantine/core';
import { formatDate } from '@/lib/format-date';
import { NO_VALUE } from '../format';

/** Every course and checklist assigned to the member, with its dates. */
export function TranscriptTable({ entries }: { entries: TranscriptEntry[] }) {
  if (entries.length === 0) return <Text c="dimmed">No courses or checklists assigned yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
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
            <Table.Tr key={`${entry.kind}-${entry._id}-${entry.trainingTitle ?? ''}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Badge variant="light" tt="none" color={entry.kind === 'course' ? 'blue' : 'grape'}>
                  {entry.kind === 'course' ? 'Course' : 'Checklist'}
                </Badge>
              </Table.Td>
              <Table.Td>{entry.title}</Table.Td>
              <Table.Td>{entry.trainingTitle ?? NO_VALUE}</Table.Td>
              <Table.Td>{formatDate(entry.assignedAt)}</Table.Td>
              <Table.Td>{formatDate(entry.deadline)}</Table.Td>
              <Table.Td>{formatDate(entry.completedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
