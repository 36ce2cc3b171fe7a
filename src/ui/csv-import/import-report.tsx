import { Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import { useBelow } from '../responsive';

/** One row of the server's answer: the file's row, who it is about, what happened and why. */
export type ImportReportRow = { row: number; label: string; status: string; message: string };

type ImportReportProps = {
  rows: readonly ImportReportRow[];
  /** Badge colour per status, e.g. { created: 'green', refused: 'red' }; other statuses are grey. */
  colors: Record<string, string>;
  /** Header of the column that names the row's subject. */
  labelTitle?: string;
  /** Header of the column of places in the file: 'Row' of a CSV, 'Line' of a text format. */
  rowTitle?: string;
};

const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

/**
 * The per-row report of an import, with a count per status. A status badge is never narrower than
 * its word; on a phone the message goes under the row's subject. The list scrolls inside the
 * dialog, so it takes keyboard focus to be scrolled by keys.
 */
export function ImportReport({ rows, colors, labelTitle = 'Email', rowTitle = 'Row' }: ImportReportProps) {
  const phone = useBelow('sm');
  const counts = new Map<string, number>(Object.keys(colors).map((status) => [status, 0]));
  for (const row of rows) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
  return (
    <>
      <Group gap="md">
        {[...counts.entries()].map(([status, count]) => (
          <Text size="sm" key={status}>
            {status[0]?.toUpperCase()}
            {status.slice(1)}: {count}
          </Text>
        ))}
      </Group>
      <ScrollArea.Autosize
        mah={320}
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Import report rows' }}
      >
        <Table striped aria-label="Import report">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{rowTitle}</Table.Th>
              <Table.Th>{labelTitle}</Table.Th>
              <Table.Th>Status</Table.Th>
              {phone ? null : <Table.Th>Message</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td style={wrapAnywhere}>
                  {row.label}
                  {phone && row.message ? (
                    <Text size="sm" c="dimmed">
                      {row.message}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Badge color={colors[row.status] ?? 'gray'} variant="light" miw="max-content">
                    {row.status}
                  </Badge>
                </Table.Td>
                {phone ? null : <Table.Td style={wrapAnywhere}>{row.message}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </>
  );
}
