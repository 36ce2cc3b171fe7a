import { Anchor, Breadcrumbs, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageTitle } from '@/ui/page-title';
import { QueryStatus } from '@/ui/query-status';
import { defaultTeamId, leadsTeam, organizationsQueryOptions } from '../organization-queries';
import { trainingQueryOptions } from '../training-queries';
import { AssignTrainingForm } from './assign-training-form';
import { emptyTrainingValues, toTrainingFormValues } from './training-form-values';

const route = getRouteApi('/app/team-dashboard/assign-new-training');

/** Assign New Training (or, with `trainingId`, edit one) for the team in the address. */
export function AssignTrainingScreen() {
  const { team, trainingId } = route.useSearch();
  const organizations = useQuery(organizationsQueryOptions());
  const list = organizations.data;
  const title = trainingId ? 'Edit Training' : 'Assign New Training';

  let body: ReactNode;
  if (!list) body = <QueryStatus query={organizations} />;
  else if (!leadsTeam(list, team)) {
    const fallback = defaultTeamId(list);
    if (fallback) return <Navigate to="." search={(prev) => ({ ...prev, team: fallback })} replace />;
    body = <Text c="dimmed">You do not lead a team yet. Trainings are assigned to a team you lead.</Text>;
  } else if (trainingId) body = <EditTraining teamId={team} trainingId={trainingId} />;
  else body = <AssignTrainingForm teamId={team} initialValues={emptyTrainingValues(team)} />;

  const teamTitle = list?.data.find((entry) => entry._id === team)?.title;
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor
          renderRoot={(props) => (
            <Link {...props} to="/user-portal/team-dashboard" search={{ team, activeTab: 'trainings' }} />
          )}
        >
          Team Dashboard
        </Anchor>
        <Text>{title}</Text>
      </Breadcrumbs>
      <PageTitle>{title}</PageTitle>
      {teamTitle ? <Text c="dimmed">Team: {teamTitle}</Text> : null}
      {body}
    </Stack>
  );
}

function EditTraining({ teamId, trainingId }: { teamId: string; trainingId: string }) {
  const queryClient = useQueryClient();
  const training = useQuery(trainingQueryOptions(trainingId));
  const record = training.data;
  if (!record) return <QueryStatus query={training} />;
  // An administrator's training that names the team is read on the dashboard, not changed there.
  if (record.teamId === null) {
    return <Text c="dimmed">This training was assigned by an administrator and cannot be edited here.</Text>;
  }
  if (record.teamId !== teamId) {
    const recordTeam = record.teamId;
    return <Navigate to="." search={(prev) => ({ ...prev, team: recordTeam })} replace />;
  }
  return (
    <AssignTrainingForm
      // The form starts over from a record saved since (a new version), a stale save's included.
      key={record.version}
      teamId={teamId}
      initialValues={toTrainingFormValues(record)}
      record={record}
      onCurrentRecord={(current) =>
        queryClient.setQueryData(trainingQueryOptions(trainingId).queryKey, current)
      }
    />
  );
}
