import type { ActivityEntry } from '@contract/team-dashboard';
import { Table, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format-date';
import { fullName } from '../format';

const KIND_LABELS: Record<ActivityEntry['kind'], string> = {
  'sign-in': 'Signed in',
  'course-completed': 'Completed course',
  'checklist-completed': 'Completed checklist',
};

type ActivityTableProps = { entries: ActivityEntry[]; withMember?: boolean };

/** Recent sign-ins and completions, newest first as the server sends them. */
export function ActivityTable({ entries, withMember = false }: ActivityTableProps) {
  if (entries.length === 0) return <Text c="dimmed">No activity yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped aria-label="Activity">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            {withMember ? <Table.Th>Member</Table.Th> : null}
            <Table.Th>Activity</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry, index) => (
            // Entries have no id of their own; the same member may sign in twice in a second.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
            <Table.Tr key={index}>
              <Table.Td>{formatDateTime(entry.at)}</Table.Td>
              {withMember ? <Table.Td>{entry.member ? fullName(entry.member) : ''}</Table.Td> : null}
              <Table.Td>
                {KIND_LABELS[entry.kind]}
                {entry.kind === 'sign-in' || !entry.title ? '' : `: ${entry.title}`}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
