import 'mantine-datatable/styles.css';
import { FIRST_PAGE, PAGE_SIZES } from '@contract/constants';
import { Stack } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { Key } from 'react';
import { useResponsiveColumns } from './responsive-columns';
import { ScrollHint, scrollRegionProps, useHorizontalOverflow } from './scroll-region';

export type TablePagination = { page: number; limit: number };

/** 'first-last of total', e.g. '11-20 of 276'. */
export function paginationLabel({
  from,
  to,
  totalRecords,
}: {
  from: number;
  to: number;
  totalRecords: number;
}) {
  return `${from}-${to} of ${totalRecords}`;
}

export type ResourceTableProps<T> = {
  /** Accessible name of the table. */
  label: string;
  records: T[];
  columns: DataTableColumn<T>[];
  idAccessor: (record: T) => Key;
  page: number;
  limit: number;
  /** Rows matching on the server, over all pages. */
  total: number;
  onPaginationChange: (next: TablePagination) => void;
  /** A request is under way: the rows stay and a loader covers them. */
  fetching?: boolean;
  noRecordsText?: string;
  /** Row checkboxes (admin lists' bulk actions); rows are told apart by `idAccessor`. */
  selection?: { selectedRecords: T[]; onSelectedRecordsChange: (records: T[]) => void };
  /** Columns that keep their own place on a narrow screen: beside the row's name, or at its card's foot. */
  keep?: readonly string[];
};

const KEEP = ['status', 'actions'] as const;

/**
 * An admin list on mantine-datatable with server-side pagination: the spec's page sizes, first page 1,
 * a true 'first-last of total' label, and a loader and an empty state of its own. The caller owns the
 * query; a new page size goes back to the first page. On a tablet or a phone the rows fold (see
 * `useResponsiveColumns`); a table that still scrolls sideways says so and takes keyboard focus.
 */
export function ResourceTable<T>({
  label,
  records,
  columns,
  idAccessor,
  page,
  limit,
  total,
  onPaginationChange,
  fetching = false,
  noRecordsText = 'No records found.',
  selection,
  keep = KEEP,
}: ResourceTableProps<T>) {
  const shown = useResponsiveColumns(columns, keep, label);
  const { ref, overflowing } = useHorizontalOverflow<HTMLDivElement>();
  return (
    <Stack gap={4}>
      {overflowing ? <ScrollHint /> : null}
      <DataTable<T>
        aria-label={label}
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        minHeight={records.length === 0 ? 200 : undefined}
        records={records}
        columns={shown.columns}
        noHeader={shown.layout === 'cards' && !selection}
        scrollViewportRef={ref}
        scrollAreaProps={{ viewportProps: scrollRegionProps(label, overflowing) }}
        idAccessor={idAccessor}
        fetching={fetching}
        loadingText="Loading..."
        noRecordsText={noRecordsText}
        page={page}
        onPageChange={(next) => onPaginationChange({ page: next, limit })}
        totalRecords={total}
        recordsPerPage={limit}
        recordsPerPageOptions={[...PAGE_SIZES]}
        recordsPerPageLabel="Records per page"
        onRecordsPerPageChange={(next) => onPaginationChange({ page: FIRST_PAGE, limit: next })}
        paginationText={paginationLabel}
        {...selection}
      />
    </Stack>
  );
}
