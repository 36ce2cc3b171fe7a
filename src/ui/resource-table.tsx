import 'mantine-datatable/styles.css';
import { FIRST_PAGE, PAGE_SIZES } from '@contract/constants';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { Key } from 'react';

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
};

/**
 * An admin list on mantine-datatable with server-side pagination: the spec's page sizes, first page 1,
 * a true 'first-last of total' label, and a loader and an empty state of its own. The caller owns the
 * query; a new page size goes back to the first page.
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
}: ResourceTableProps<T>) {
  return (
    <DataTable<T>
      aria-label={label}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={records.length === 0 ? 200 : undefined}
      records={records}
      columns={columns}
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
  );
}
