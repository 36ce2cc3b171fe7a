import type { AttendanceEntry } from '@contract/team-dashboard';
import { Badge, Table, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format-date';
import { FieldLine } from '@/ui/field-line';
import { useBelow } from '@/ui/responsive';
import { ScrollTable } from '@/ui/scroll-region';
import { fullName } from '../format';

const KIND_LABELS: Record<AttendanceEntry['kind'], string> = {
  event: 'Event',
  'virtual-meeting': 'Virtual class/meeting',
};

type AttendanceTableProps = { entries: AttendanceEntry[]; withMember?: boolean };

function Attended({ entry }: { entry: AttendanceEntry }) {
  return (
    <Badge color={entry.attended ? 'green' : 'gray'} variant="light" miw="max-content">
      {entry.attended ? 'Yes' : 'No'}
    </Badge>
  );
}

/** Events and virtual meetings with whether each was attended; a phone keeps Event and Attended as columns. */
export function AttendanceTable({ entries, withMember = false }: AttendanceTableProps) {
  const phone = useBelow('sm');
  if (entries.length === 0) return <Text c="dimmed">No events attended yet.</Text>;
  return (
    <ScrollTable label="Attendance">
      <Table striped aria-label="Attendance">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            {withMember && !phone ? <Table.Th>Member</Table.Th> : null}
            {phone ? null : <Table.Th>Type</Table.Th>}
            {phone ? null : <Table.Th>Starts</Table.Th>}
            <Table.Th>Attended</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={`${entry.eventId}-${entry.member?._id ?? ''}`}>
              {phone ? (
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" fw={600}>
                    {entry.title}
                  </Text>
                  {withMember && entry.member ? (
                    <FieldLine label="Member">{fullName(entry.member)}</FieldLine>
                  ) : null}
                  <FieldLine label="Type">{KIND_LABELS[entry.kind]}</FieldLine>
                  <FieldLine label="Starts">{formatDateTime(entry.startsAt)}</FieldLine>
                </Table.Td>
              ) : (
                <>
                  <Table.Td>{entry.title}</Table.Td>
                  {withMember ? <Table.Td>{entry.member ? fullName(entry.member) : ''}</Table.Td> : null}
                  <Table.Td>{KIND_LABELS[entry.kind]}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.startsAt)}</Table.Td>
                </>
              )}
              <Table.Td>
                <Attended entry={entry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
