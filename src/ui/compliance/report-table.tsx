import type { ComplianceReportQuery, ComplianceReportRow } from '@contract/course-assignments/compliance';
import { compliancePaths } from '@contract/course-assignments/compliance';
import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format-date';
import { ExportCsvButton } from '@/ui/export-csv-button';
import { LearnerStateBadge } from '@/ui/learner-state-badge';
import { QueryStatus, useQueryDisplay } from '@/ui/query-status';
import { ResourceTable, type TablePagination } from '@/ui/resource-table';
import { complianceReportOptions, exportFilters } from './queries';

const columns: DataTableColumn<ComplianceReportRow>[] = [
  {
    accessor: 'name',
    title: 'Learner',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">{`${row.firstName} ${row.lastName}`}</Text>
        <Text size="xs" c="dimmed">
          {row.email}
        </Text>
      </Stack>
    ),
  },
  { accessor: 'title', title: 'Training' },
  { accessor: 'courseName', title: 'Course' },
  { accessor: 'deadline', title: 'Deadline', render: (row) => formatDate(row.deadline) },
  {
    accessor: 'state',
    title: 'State',
    render: (row) => <LearnerStateBadge state={row.state} />,
  },
  { accessor: 'completedAt', title: 'Completed', render: (row) => formatDate(row.completedAt) },
  { accessor: 'expiresAt', title: 'Expires', render: (row) => formatDate(row.expiresAt) },
];

type ComplianceReportProps = {
  /** The table's accessible name. */
  label: string;
  query: ComplianceReportQuery;
  onPaginationChange: (next: TablePagination) => void;
  /** Filters shown beside the export button. */
  children?: ReactNode;
};

/**
 * The learners' courses behind a compliance figure, paged on the server, with an 'Export CSV' of
 * every row under the same filters.
 */
export function ComplianceReport({ label, query, onPaginationChange, children }: ComplianceReportProps) {
  const report = useQuery(complianceReportOptions(query));
  const display = useQueryDisplay(report);
  return (
    <Stack gap="sm">
      <Group align="flex-end" justify="space-between" gap="sm">
        <Group align="flex-end" gap="sm">
          {children}
        </Group>
        <ExportCsvButton
          path={compliancePaths.export}
          query={exportFilters(query)}
          fileName="compliance.csv"
        />
      </Group>
      {display === 'not-saved' || display === 'error' ? (
        <QueryStatus query={report} />
      ) : (
        <ResourceTable<ComplianceReportRow>
          label={label}
          records={report.data?.data ?? []}
          columns={columns}
          idAccessor={(row) => `${row.assignmentId}:${row.userId}:${row.courseId}`}
          page={query.page}
          limit={query.limit}
          total={report.data?.total ?? 0}
          fetching={report.isFetching || display === 'loading'}
          noRecordsText="No learner's course matches."
          onPaginationChange={onPaginationChange}
          keep={['state']}
        />
      )}
    </Stack>
  );
}
