import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { teamDetailOptions } from '../queries';
import { toTeamFormValues } from './form-values';
import { TeamFormView } from './team-form';

export function EditTeamScreen({ teamId }: { teamId: string }) {
  const queryClient = useQueryClient();
  const { data: team } = useSuspenseQuery(teamDetailOptions(teamId));
  // The form starts from the record as loaded; a stale save starts it over from the current one.
  const [initialValues] = useState(() => toTeamFormValues(team));
  return (
    <TeamFormView
      initialValues={initialValues}
      record={team}
      onCurrentRecord={(current) => queryClient.setQueryData(teamDetailOptions(teamId).queryKey, current)}
    />
  );
}
