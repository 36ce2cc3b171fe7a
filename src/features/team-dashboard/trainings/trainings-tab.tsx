import { SEARCH_DEBOUNCE_MS } from '@contract/constants';
import type { CourseAssignmentRow } from '@contract/course-assignments/resource';
import { Button, Group, Stack } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, Navigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isNetworkFailure, QueryStatus } from '@/ui/query-status';
import { ResourceTable } from '@/ui/resource-table';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { TextField } from '@/ui/text-field';
import { trainingListQueryOptions } from '../training-queries';
import { LearnersDrawer } from './learners-drawer';
import { ReassignModal } from './reassign-modal';
import type { ReassignTarget } from './reassign-target';
import { SelectionBar } from './selection-bar';
import { trainingColumns } from './training-columns';
import { useRowSelection } from './use-row-selection';

const route = getRouteApi('/user-portal/team-dashboard/');

/** The Assign Trainings tab: the team's assigned trainings, paged and searched on the server. */
export function TrainingsTab({ teamId }: { teamId: string }) {
  const { page, limit, search } = route.useSearch();
  const navigate = route.useNavigate();
  const [searchInput, setSearchInput] = useState(search);
  const [reassigning, setReassigning] = useState<ReassignTarget | null>(null);
  const [learnersOf, setLearnersOf] = useState<CourseAssignmentRow | null>(null);
  const list = useQuery(trainingListQueryOptions(teamId, { page, limit, search }));
  const selection = useRowSelection(teamId);
  const applySearch = useDebouncedCallback(
    (text: string) => void navigate({ search: (prev) => ({ ...prev, search: text.trim(), page: 1 }) }),
    SEARCH_DEBOUNCE_MS,
  );

  const data = list.data;
  // A page past the end (the last row of the last page was deleted) shows the new last page.
  if (data && data.totalPages > 0 && page > data.totalPages) {
    return <Navigate to="." search={(prev) => ({ ...prev, page: data.totalPages })} replace />;
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextField
          type="search"
          label="Search"
          placeholder="Search trainings"
          value={searchInput}
          onChange={(event) => {
            setSearchInput(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          w={{ base: '100%', sm: 320 }}
        />
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          renderRoot={(props) => (
            <Link {...props} to="/app/team-dashboard/assign-new-training" search={{ team: teamId }} />
          )}
        >
          Assign New Training
        </Button>
      </Group>
      <SelectionBar
        count={selection.selected.length}
        noun="training"
        onReassign={() => setReassigning({ kind: 'trainings', trainings: selection.selected })}
        onClear={selection.clear}
      />
      {data ? (
        <>
          <SavedDataNotice updatedAt={list.dataUpdatedAt} networkFailed={isNetworkFailure(list.error)} />
          <ResourceTable<CourseAssignmentRow>
            label="Assigned trainings"
            records={data.data}
            idAccessor={(training) => training._id}
            columns={trainingColumns({
              teamId,
              onReassign: (training) => setReassigning({ kind: 'training', training }),
              onLearners: setLearnersOf,
            })}
            page={page}
            limit={limit}
            total={data.total}
            fetching={list.isPlaceholderData}
            noRecordsText="No trainings assigned yet."
            onPaginationChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
            selection={selection.table}
          />
        </>
      ) : (
        <QueryStatus query={list} label="Loading trainings..." />
      )}
      <LearnersDrawer teamId={teamId} training={learnersOf} onClose={() => setLearnersOf(null)} />
      <ReassignModal
        teamId={teamId}
        target={reassigning}
        onClose={() => setReassigning(null)}
        onDone={() => {
          if (reassigning?.kind === 'trainings') selection.clear();
        }}
      />
    </Stack>
  );
}
