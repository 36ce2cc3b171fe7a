import type { ActivityEntry } from '@contract/team-dashboard';
import { Table, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format-date';
import { useBelow } from '@/ui/responsive';
import { ScrollTable } from '@/ui/scroll-region';
import { fullName } from '../format';

const KIND_LABELS: Record<ActivityEntry['kind'], string> = {
  'sign-in': 'Signed in',
  'course-completed': 'Completed course',
  'quiz-passed': 'Passed quiz',
  'quiz-failed': 'Failed quiz',
  'checklist-completed': 'Completed checklist',
  'elearning-completed': 'Completed e-learning package',
};

type ActivityTableProps = { entries: ActivityEntry[]; withMember?: boolean };

const activityText = (entry: ActivityEntry) =>
  `${KIND_LABELS[entry.kind]}${entry.kind === 'sign-in' || !entry.title ? '' : `: ${entry.title}`}`;

/**
 * Recent sign-ins, completions and quiz attempts, newest first as the server sends them. A phone shows the member
 * above what they did, in two columns that wrap instead of running off the screen.
 */
export function ActivityTable({ entries, withMember = false }: ActivityTableProps) {
  const phone = useBelow('sm');
  if (entries.length === 0) return <Text c="dimmed">No activity yet.</Text>;
  const memberColumn = withMember && !phone;
  return (
    <ScrollTable label="Activity">
      <Table striped aria-label="Activity">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            {memberColumn ? <Table.Th>Member</Table.Th> : null}
            <Table.Th>Activity</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry, index) => (
            // Entries have no id of their own; the same member may sign in twice in a second.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
            <Table.Tr key={index}>
              <Table.Td style={phone ? undefined : { whiteSpace: 'nowrap' }}>
                {formatDateTime(entry.at)}
              </Table.Td>
              {memberColumn ? <Table.Td>{entry.member ? fullName(entry.member) : ''}</Table.Td> : null}
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {withMember && phone && entry.member ? (
                  <Text size="sm" fw={600}>
                    {fullName(entry.member)}
                  </Text>
                ) : null}
                {activityText(entry)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
