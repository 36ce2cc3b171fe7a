import type { AttendanceEntry } from '@contract/team-dashboard';
import { Badge, Table, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format-date';
import { fullName } from '../format';

const KIND_LABELS: Record<AttendanceEntry['kind'], string> = {
  event: 'Event',
  'virtual-meeting': 'Virtual class/meeting',
};

type AttendanceTableProps = { entries: AttendanceEntry[]; withMember?: boolean };

export function AttendanceTable({ entries, withMember = false }: AttendanceTableProps) {
  if (entries.length === 0) return <Text c="dimmed">No events attended yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped aria-label="Attendance">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            {withMember ? <Table.Th>Member</Table.Th> : null}
            <Table.Th>Type</Table.Th>
            <Table.Th>Starts</Table.Th>
            <Table.Th>Attended</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={`${entry.eventId}-${entry.member?._id ?? ''}`}>
              <Table.Td>{entry.title}</Table.Td>
              {withMember ? <Table.Td>{entry.member ? fullName(entry.member) : ''}</Table.Td> : null}
              <Table.Td>{KIND_LABELS[entry.kind]}</Table.Td>
              <Table.Td>{formatDateTime(entry.startsAt)}</Table.Td>
              <Table.Td>
                <Badge color={entry.attended ? 'green' : 'gray'} variant="light">
                  {entry.attended ? 'Yes' : 'No'}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
