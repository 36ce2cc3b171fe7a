import { ADMIN_DEFAULT_LIMIT } from '@contract/admin-list';
import { FIRST_PAGE, PAGE_SIZES, SEARCH_DEBOUNCE_MS } from '@contract/constants';
import type { ElearningLearnerRow, ElearningLearnerStatus } from '@contract/elearning/report';
import { type ElearningDetail, elearningPaths } from '@contract/elearning/resource';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileExport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { downloadFile } from '@/lib/download-file';
import { formatDateTime } from '@/lib/format-date';
import { EditorPanel } from '@/ui/admin-list/editor-shell';
import { QueryStatus } from '@/ui/query-status';
import { ResourceTable } from '@/ui/resource-table';
import { TextField } from '@/ui/text-field';
import { elearningReportOptions } from './queries';

const STATUS: Record<ElearningLearnerStatus, { label: string; color: string }> = {
  completed: { label: 'Completed', color: 'green' },
  passed: { label: 'Passed', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  incomplete: { label: 'Incomplete', color: 'yellow' },
  'not attempted': { label: 'Not attempted', color: 'gray' },
};

/** Time as people read it: '45s', '12m 5s', '2h 3m'. */
export function formatSpent(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${whole % 60}s`;
  return `${whole}s`;
}

const columns: DataTableColumn<ElearningLearnerRow>[] = [
  {
    accessor: 'name',
    title: 'Learner',
    render: (row) => (
      <div>
        <Text size="sm" fw={500}>
          {row.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {row.email}
        </Text>
      </div>
    ),
  },
  {
    accessor: 'status',
    title: 'Status',
    render: (row) => (
      <Badge variant="light" color={STATUS[row.status].color}>
        {STATUS[row.status].label}
      </Badge>
    ),
  },
  {
    accessor: 'bestScore',
    title: 'Score',
    textAlign: 'right',
    render: (row) => (row.bestScore === null ? '—' : `${row.bestScore}%`),
  },
  { accessor: 'timeSeconds', title: 'Time spent', render: (row) => formatSpent(row.timeSeconds) },
  { accessor: 'attempts', title: 'Attempts', textAlign: 'right' },
  { accessor: 'lastAccessAt', title: 'Last access', render: (row) => formatDateTime(row.lastAccessAt) },
];

type Paging = { page: number; limit: (typeof PAGE_SIZES)[number] };

const safeName = (title: string) => title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'package';

/**
 * The package's learners: each one's status, best score, time spent, attempts and last access,
 * paged and searched by name or email, and their interactions exported as CSV.
 */
export function LearnersPanel({ record }: { record: ElearningDetail }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState<Paging>({ page: FIRST_PAGE, limit: ADMIN_DEFAULT_LIMIT });
  // A new search starts from the first page, else it could open past its end.
  const [searched, setSearched] = useState(debounced);
  if (searched !== debounced) {
    setSearched(debounced);
    setPaging((current) => ({ ...current, page: FIRST_PAGE }));
  }
  const report = useQuery(elearningReportOptions(record._id, { ...paging, search: debounced }));
  const [exporting, setExporting] = useState(false);
  const exportInteractions = async () => {
    setExporting(true);
    try {
      await downloadFile(
        elearningPaths.interactions(record._id),
        {},
        `${safeName(record.title)}-interactions.csv`,
      );
    } finally {
      setExporting(false);
    }
  };
  const total = report.data?.total;

  return (
    <EditorPanel
      title="Learners"
      summary={total === undefined ? undefined : total === 1 ? '1 learner' : `${total} learners`}
      actions={
        <Button
          variant="default"
          leftSection={<IconFileExport size={16} aria-hidden />}
          loading={exporting}
          onClick={() => void exportInteractions()}
        >
          Export interactions
        </Button>
      }
    >
      <Stack gap="sm">
        <Group>
          <TextField
            type="search"
            label="Search learners"
            placeholder="Name or email"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maw={360}
            w="100%"
          />
        </Group>
        {report.isError && !report.data ? (
          <QueryStatus query={report} />
        ) : (
          <ResourceTable<ElearningLearnerRow>
            label="Learners"
            records={report.data?.data ?? []}
            columns={columns}
            idAccessor={(row) => row.userId}
            page={paging.page}
            limit={paging.limit}
            total={total ?? 0}
            fetching={report.isFetching}
            noRecordsText={debounced ? 'No learner found.' : 'No learner has opened this package yet.'}
            onPaginationChange={({ page, limit }) =>
              setPaging({ page, limit: PAGE_SIZES.find((size) => size === limit) ?? ADMIN_DEFAULT_LIMIT })
            }
          />
        )}
      </Stack>
    </EditorPanel>
  );
}
