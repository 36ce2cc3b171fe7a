import type { AssignmentLearner, CourseAssignmentRow } from '@contract/course-assignments/resource';
import { Drawer, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isNetworkFailure, QueryStatus } from '@/ui/query-status';
import { ResourceTable } from '@/ui/resource-table';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { TextField } from '@/ui/text-field';
import { fullName } from '../format';
import { learnersQueryOptions } from '../reassign-queries';
import { trainingQueryOptions } from '../training-queries';
import { learnerColumns } from './learner-columns';
import { ReassignModal } from './reassign-modal';
import { canEditTraining, filterLearners, pageOf, type ReassignTarget } from './reassign-target';
import { SelectionBar } from './selection-bar';
import type { TableSelection } from './use-row-selection';

type LearnersDrawerProps = { teamId: string; training: CourseAssignmentRow | null; onClose: () => void };

/** Learners: who a training is assigned to, where each stands, and reassigning chosen ones. */
export function LearnersDrawer({ teamId, training, onClose }: LearnersDrawerProps) {
  return (
    <Drawer
      opened={training !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={training ? `Learners: ${training.title}` : ''}
    >
      {training ? <LearnersBody key={training._id} teamId={teamId} training={training} /> : null}
    </Drawer>
  );
}

const FIRST_LIMIT = 10;

function LearnersBody({ teamId, training }: { teamId: string; training: CourseAssignmentRow }) {
  const learners = useQuery(learnersQueryOptions(training._id));
  // For the courses' names; the states show without them until it comes.
  const detail = useQuery(trainingQueryOptions(training._id));
  const [filter, setFilter] = useState('');
  const [paging, setPaging] = useState({ page: 1, limit: FIRST_LIMIT });
  const [selected, setSelected] = useState<AssignmentLearner[]>([]);
  const [reassigning, setReassigning] = useState<ReassignTarget | null>(null);
  const editable = canEditTraining(training, teamId);

  const selection: TableSelection<AssignmentLearner> = {
    selectedRecords: selected,
    onSelectedRecordsChange: setSelected,
    getRecordSelectionCheckboxProps: (learner) => ({ 'aria-label': `Select ${fullName(learner)}` }),
    allRecordsSelectionCheckboxProps: { 'aria-label': 'Select all learners on this page' },
  };

  if (!learners.data) return <QueryStatus query={learners} label="Loading learners..." />;
  const shown = filterLearners(learners.data, filter);

  return (
    <Stack gap="md">
      {editable ? null : (
        <Text size="sm" c="dimmed">
          This training was not made for this team: its learners are listed only.
        </Text>
      )}
      <TextField
        type="search"
        label="Search learners"
        placeholder="Name or email"
        value={filter}
        onChange={(event) => {
          setFilter(event.currentTarget.value);
          setPaging((current) => ({ ...current, page: 1 }));
        }}
      />
      <SelectionBar
        count={selected.length}
        noun="learner"
        onReassign={() => setReassigning({ kind: 'learners', training, learners: selected })}
        onClear={() => setSelected([])}
      />
      <SavedDataNotice updatedAt={learners.dataUpdatedAt} networkFailed={isNetworkFailure(learners.error)} />
      <ResourceTable<AssignmentLearner>
        label="Learners"
        records={pageOf(shown, paging.page, paging.limit)}
        idAccessor={(learner) => learner._id}
        columns={learnerColumns(detail.data?.courses)}
        page={paging.page}
        limit={paging.limit}
        total={shown.length}
        noRecordsText={learners.data.length === 0 ? 'No learners yet.' : 'No learner matches the search.'}
        onPaginationChange={setPaging}
        selection={editable ? selection : undefined}
      />
      <ReassignModal
        teamId={teamId}
        target={reassigning}
        onClose={() => setReassigning(null)}
        onDone={() => setSelected([])}
      />
    </Stack>
  );
}
