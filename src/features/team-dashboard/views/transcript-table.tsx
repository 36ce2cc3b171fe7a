import type { TranscriptEntry } from '@contract/team-dashboard';
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { formatDate } from '@/lib/format-date';
import { CertificateButton } from '@/ui/certificate-button';
import { FieldLine } from '@/ui/field-line';
import { LearnerStateBadge } from '@/ui/learner-state-badge';
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

/** The member's state of the entry, in the learner state words; a completion shows its date under it. */
function Status({ entry, withDate }: { entry: TranscriptEntry; withDate: boolean }) {
  return (
    <>
      <LearnerStateBadge state={entry.state} tt="none" miw="max-content" />
      {withDate && entry.completedAt ? (
        <Text size="xs" c="dimmed" mt={2} style={nowrap}>
          {formatDate(entry.completedAt)}
        </Text>
      ) : null}
    </>
  );
}

/** A completed course that gives a certificate: the member's certificate to download. */
function Certificate({ entry, memberId }: { entry: TranscriptEntry; memberId: string }) {
  if (!entry.certificate) return null;
  return (
    <CertificateButton
      userId={memberId}
      courseId={entry._id}
      courseName={entry.title}
      aria-label={`Download certificate: ${entry.title}`}
      size="compact-xs"
      variant="subtle"
      mt={2}
    />
  );
}

const rowKey = (entry: TranscriptEntry) => `${entry.kind}-${entry._id}-${entry.trainingTitle ?? ''}`;

/**
 * Every course and checklist assigned to the member, with its state and dates, latest first (as
 * the server orders them). A phone keeps Title and Status as columns and shows the rest under the
 * title, the completion's date under its state.
 */
export function TranscriptTable({ entries, memberId }: { entries: TranscriptEntry[]; memberId: string }) {
  const phone = useBelow('sm');
  if (entries.length === 0) return <Text c="dimmed">No courses or checklists assigned yet.</Text>;
  if (phone) {
    return (
      <Table striped aria-label="Transcript" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Status</Table.Th>
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
                <Certificate entry={entry} memberId={memberId} />
                {entry.trainingTitle ? <FieldLine label="Training">{entry.trainingTitle}</FieldLine> : null}
                <FieldLine label="Assigned">{formatDate(entry.assignedAt)}</FieldLine>
                <FieldLine label="Deadline">{formatDate(entry.deadline)}</FieldLine>
              </Table.Td>
              <Table.Td>
                <Status entry={entry} withDate />
              </Table.Td>
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
            <Table.Th>Status</Table.Th>
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
                <Certificate entry={entry} memberId={memberId} />
              </Table.Td>
              <Table.Td>{entry.trainingTitle ?? NO_VALUE}</Table.Td>
              <Table.Td style={nowrap}>{formatDate(entry.assignedAt)}</Table.Td>
              <Table.Td style={nowrap}>{formatDate(entry.deadline)}</Table.Td>
              <Table.Td style={nowrap}>
                <Status entry={entry} withDate={false} />
              </Table.Td>
              <Table.Td style={nowrap}>{formatDate(entry.completedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
