import { FIRST_PAGE } from '@contract/constants';
import type { CourseAssignmentListQuery } from '@contract/course-assignments/list-query';
import { type CourseAssignmentRow, courseAssignmentArea } from '@contract/course-assignments/resource';
import { Box, Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { BulkBar } from '@/ui/admin-list/bulk-bar';
import { useCan } from '@/ui/admin-list/use-can';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { PageTitle } from '@/ui/page-title';
import { isNetworkFailure, QueryStatus, useQueryDisplay } from '@/ui/query-status';
import { ResourceTable } from '@/ui/resource-table';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { SearchablePagedSelect } from '@/ui/searchable-paged-select';
import { assignmentColumns } from './assignment-columns';
import { AssignmentRowActions } from './assignment-row-actions';
import { FilterInput } from './filter-input';
import { useDeleteAssignments } from './mutations';
import { assignmentListOptions, courseFilterPages, courseLearnersOptions, teamFilterPages } from './queries';

type AssignmentsScreenProps = {
  search: CourseAssignmentListQuery;
  onSearchChange: (patch: Partial<CourseAssignmentListQuery>) => void;
};

/**
 * `/app/content-management/assignments`: every course assignment with its learners' counts,
 * searched by title, learner name, team and course in the URL; rows are edited, duplicated and deleted,
 * singly or selected. Assignments have no status, so there is no status filter or switch.
 */
export function AssignmentsScreen({ search, onSearchChange }: AssignmentsScreenProps) {
  const list = useQuery(assignmentListOptions(search));
  const display = useQueryDisplay(list);
  const canAdd = useCan(courseAssignmentArea, 'add');
  const canEdit = useCan(courseAssignmentArea, 'edit');
  const canDelete = useCan(courseAssignmentArea, 'delete');
  const remove = useDeleteAssignments();
  // A course's learner count links here with `course`: the filter names it at once.
  const filteredCourse = useQuery({
    ...courseLearnersOptions(search.course ?? ''),
    enabled: Boolean(search.course),
  }).data?.course;
  const [selected, setSelected] = useState<CourseAssignmentRow[]>([]);
  const [deleting, setDeleting] = useState<CourseAssignmentRow[] | null>(null);
  // A filter change starts from the first page, else the list could open past its end.
  const filter = (patch: Partial<CourseAssignmentListQuery>) =>
    onSearchChange({ ...patch, page: FIRST_PAGE });

  const columns = [...assignmentColumns];
  if (canEdit || canDelete) {
    columns.push({
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (row) => <AssignmentRowActions row={row} onDelete={(one) => setDeleting([one])} />,
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle>Assignments</PageTitle>
        {canAdd && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            renderRoot={(props) => <Link to="/app/content-management/assignments/add" {...props} />}
          >
            Add Assignment
          </Button>
        )}
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <FilterInput
          label="Search"
          placeholder="Search by title"
          value={search.search}
          onSend={(value) => filter({ search: value })}
        />
        <FilterInput
          label="Learner name"
          placeholder="Search by learner"
          value={search.fullName}
          onSend={(value) => filter({ fullName: value })}
        />
        <Box w={{ base: '100%', xs: 240 }}>
          <SearchablePagedSelect
            label="Team"
            placeholder="All teams"
            nothingFound="No team found."
            value={search.team ?? ''}
            onChange={(value) => filter({ team: value || undefined })}
            query={teamFilterPages}
          />
        </Box>
        <Box w={{ base: '100%', xs: 240 }}>
          <SearchablePagedSelect
            label="Course"
            placeholder="All courses"
            nothingFound="No course found."
            value={search.course ?? ''}
            onChange={(value) => filter({ course: value || undefined })}
            query={courseFilterPages}
            selectedOption={
              filteredCourse && filteredCourse._id === search.course
                ? { value: filteredCourse._id, label: filteredCourse.name }
                : null
            }
          />
        </Box>
      </Group>
      <BulkBar
        count={selected.length}
        words="publish"
        canPublish={false}
        canDelete={canDelete}
        onStatus={() => undefined}
        onDelete={() => setDeleting(selected)}
        onClear={() => setSelected([])}
      />
      <SavedDataNotice updatedAt={list.dataUpdatedAt} networkFailed={isNetworkFailure(list.error)} />
      {display === 'not-saved' || display === 'error' ? (
        <QueryStatus query={list} />
      ) : (
        <ResourceTable<CourseAssignmentRow>
          label="Assignments"
          records={list.data?.data ?? []}
          columns={columns}
          idAccessor={(row) => row._id}
          page={search.page}
          limit={search.limit}
          total={list.data?.total ?? 0}
          fetching={list.isFetching || display === 'loading'}
          noRecordsText="No assignment found."
          onPaginationChange={(next) => onSearchChange(next as Partial<CourseAssignmentListQuery>)}
          selection={
            canDelete ? { selectedRecords: selected, onSelectedRecordsChange: setSelected } : undefined
          }
        />
      )}
      {deleting && (
        <ConfirmDialog
          variant="delete"
          opened
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutateAsync(deleting).then(() => {
              const gone = new Set(deleting.map((row) => row._id));
              setSelected((rows) => rows.filter((row) => !gone.has(row._id)));
            })
          }
        />
      )}
    </Stack>
  );
}
