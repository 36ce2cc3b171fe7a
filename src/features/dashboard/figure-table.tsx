import {
  COMPLIANCE_STATUS_LABELS,
  COMPLIANCE_STATUSES,
  type ComplianceStatus,
  type NamedFigures,
} from '@contract/course-assignments/compliance';
import { Anchor } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import type { ReactElement } from 'react';

type FigureTableProps = {
  /** Accessible name, and the first column's title: 'Team', 'Course'. */
  label: string;
  rows: NamedFigures[];
  /** A router link to the rows one figure of one row counts, given the anchor's props. */
  link: (row: NamedFigures, status: ComplianceStatus) => (props: Record<string, unknown>) => ReactElement;
};

/** The figures per team or course, each a link to its list; scrolls within a fixed height. */
export function FigureTable({ label, rows, link }: FigureTableProps) {
  return (
    <DataTable<NamedFigures>
      aria-label={`Figures by ${label.toLowerCase()}`}
      withTableBorder
      borderRadius="md"
      striped
      height={rows.length > 8 ? 360 : undefined}
      minHeight={rows.length === 0 ? 120 : undefined}
      records={rows}
      idAccessor="_id"
      noRecordsText="No assigned training yet."
      columns={[
        { accessor: 'name', title: label },
        ...COMPLIANCE_STATUSES.map((status) => ({
          accessor: status,
          title: COMPLIANCE_STATUS_LABELS[status],
          textAlign: 'right' as const,
          render: (row: NamedFigures) => (
            <Anchor
              size="sm"
              renderRoot={link(row, status)}
              aria-label={`${row[status].toLocaleString()} ${COMPLIANCE_STATUS_LABELS[status]} in ${row.name}`}
            >
              {row[status].toLocaleString()}
            </Anchor>
          ),
        })),
      ]}
    />
  );
}
