import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { teamDetailOptions } from '../queries';
import { toTeamFormValues } from './form-values';
import { TeamFormView } from './team-form';

export function EditTeamScreen({ teamId }: { teamId: string }) {
  const queryClient = useQueryClient();
  const { data: team } = useSuspenseQuery(teamDetailOptions(teamId));
  // The form starts from the record as loaded; a stale-version conflict resets it explicitly.
  const [initialValues] = useState(() => toTeamFormValues(team));
  return (
    <TeamFormView
      initialValues={initialValues}
      record={team}
      reload={() => queryClient.fetchQuery({ ...teamDetailOptions(teamId), staleTime: 0 })}
    />
  );
}
