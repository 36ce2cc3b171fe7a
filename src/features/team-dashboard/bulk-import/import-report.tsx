import type { MemberImportResult } from '@contract/team-dashboard';
import { Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import { countResults } from './import-rows';

const STATUS_COLORS: Record<MemberImportResult['status'], string> = {
  created: 'green',
  added: 'blue',
  refused: 'red',
};

/** The server's answer for every row: created, added to the team, or refused and why. */
export function ImportReport({ results }: { results: MemberImportResult[] }) {
  const counts = countResults(results);
  return (
    <>
      <Group gap="md">
        <Text size="sm">Created: {counts.created}</Text>
        <Text size="sm">Added: {counts.added}</Text>
        <Text size="sm">Refused: {counts.refused}</Text>
      </Group>
      <ScrollArea.Autosize mah={320}>
        <Table striped aria-label="Import report">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((result) => (
              <Table.Tr key={result.row}>
                <Table.Td>{result.row}</Table.Td>
                <Table.Td>{result.email}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[result.status]} variant="light">
                    {result.status}
                  </Badge>
                </Table.Td>
                <Table.Td>{result.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </>
  );
}
