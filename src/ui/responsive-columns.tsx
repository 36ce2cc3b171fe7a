import { Box, Group, Stack, Text } from '@mantine/core';
import { type DataTableColumn, getValueAtPath, humanize } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { FieldLine } from './field-line';
import { useBelow } from './responsive';
import { splitColumns, type TableLayout, tableLayout } from './table-layout';

function cellValue<T>(column: DataTableColumn<T>, record: T, index: number): ReactNode {
  if (column.render) return column.render(record, index);
  return getValueAtPath(record, String(column.accessor)) as ReactNode;
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

function Folded<T>({ lead, rest, record, index }: FoldedProps<T>) {
  return (
    <Stack gap={2} style={{ overflowWrap: 'anywhere' }}>
      <Text component="div" size="sm" fw={600}>
        {cellValue(lead, record, index)}
      </Text>
      {rest.map((column) => {
        const value = cellValue(column, record, index);
        return isEmpty(value) ? null : (
          <FieldLine key={String(column.accessor)} label={column.title ?? humanize(String(column.accessor))}>
            {value}
          </FieldLine>
        );
      })}
    </Stack>
  );
}

type FoldedProps<T> = { lead: DataTableColumn<T>; rest: DataTableColumn<T>[]; record: T; index: number };

/**
 * The table's columns for the window's width (see `tableLayout`): all of them on a desktop; on a
 * tablet the row's name carries the other values and the kept columns (status, actions) stay
 * beside it; on a phone each row is a card with the kept columns at its foot. Nothing is cut off
 * and a row's actions are always on screen.
 */
export function useResponsiveColumns<T>(
  columns: DataTableColumn<T>[],
  keep: readonly string[],
  label: string,
): { layout: TableLayout; columns: DataTableColumn<T>[] } {
  const layout = tableLayout({ belowSm: useBelow('sm'), belowMd: useBelow('md') });
  const { lead, rest, kept } = splitColumns(columns, keep);
  if (layout === 'table' || !lead) return { layout, columns };
  if (layout === 'folded') {
    const folded: DataTableColumn<T> = {
      ...lead,
      render: (record, index) => <Folded lead={lead} rest={rest} record={record} index={index} />,
    };
    return { layout, columns: [folded, ...kept] };
  }
  const card: DataTableColumn<T> = {
    accessor: lead.accessor,
    title: label,
    render: (record, index) => (
      <Stack gap="xs">
        <Folded lead={lead} rest={rest} record={record} index={index} />
        {kept.length > 0 ? (
          <Group justify={kept.length === 1 ? 'flex-end' : 'space-between'} gap="xs">
            {kept.map((column) => (
              <Box key={String(column.accessor)}>{cellValue(column, record, index)}</Box>
            ))}
          </Group>
        ) : null}
      </Stack>
    ),
  };
  return { layout, columns: [card] };
}
