import type { CourseAssignmentRow } from '@contract/course-assignments/resource';
import { useState } from 'react';
import type { ResourceTableProps } from '@/ui/resource-table';
import { canEditTraining } from './reassign-target';

/**
 * ResourceTable's selection with mantine-datatable's own selection props beside it, which it hands
 * to the table with the rest: rows that cannot be chosen, and the checkboxes' names (the table's
 * default is 'Select record N').
 */
export type TableSelection<T> = NonNullable<ResourceTableProps<T>['selection']> & {
  isRecordSelectable?: (record: T) => boolean;
  getRecordSelectionCheckboxProps: (record: T) => { 'aria-label': string };
  allRecordsSelectionCheckboxProps: { 'aria-label': string };
};

/**
 * The trainings table's selection. Only trainings the lead may change can be chosen: the server
 * refuses a bulk request naming any other.
 */
export function useRowSelection(teamId: string) {
  const [selected, setSelected] = useState<CourseAssignmentRow[]>([]);
  const table: TableSelection<CourseAssignmentRow> = {
    selectedRecords: selected,
    onSelectedRecordsChange: (records: CourseAssignmentRow[]) =>
      setSelected(records.filter((training) => canEditTraining(training, teamId))),
    isRecordSelectable: (training: CourseAssignmentRow) => canEditTraining(training, teamId),
    getRecordSelectionCheckboxProps: (training: CourseAssignmentRow) => ({
      'aria-label': `Select ${training.title}`,
    }),
    allRecordsSelectionCheckboxProps: { 'aria-label': 'Select all trainings on this page' },
  };
  return { table, selected, clear: () => setSelected([]) };
}
