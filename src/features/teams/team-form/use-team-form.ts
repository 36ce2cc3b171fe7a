import { type TeamDetail, teamSchema } from '@contract/teams';
import { useNavigate } from '@tanstack/react-router';
import { useRecordForm } from '@/ui/form/use-record-form';
import { useCreateTeam, useUpdateTeam } from '../mutations';
import { type TeamFormValues, toTeamFormValues, toTeamInput } from './form-values';

type UseTeamFormOptions = {
  initialValues: TeamFormValues;
  /** Editing: the team's id. */
  teamId?: string;
  /** Editing: the current team a stale save brought back. */
  onCurrentRecord?: (team: TeamDetail) => void;
};

/** The team form: the contract's rules on submit, then on every change; a save goes back to the list. */
export function useTeamForm({ initialValues, teamId, onCurrentRecord }: UseTeamFormOptions) {
  const navigate = useNavigate();
  const create = useCreateTeam();
  const update = useUpdateTeam(teamId ?? '');

  return useRecordForm({
    defaultValues: initialValues,
    schema: teamSchema,
    save: (values: TeamFormValues) => (teamId ? update : create).mutateAsync(toTeamInput(values)),
    // Answered or kept for later by the outbox, the change is on its way: back to the list.
    onSaved: () => navigate({ to: '/app/user-management/users-team' }),
    fromRecord: toTeamFormValues,
    onCurrentRecord,
  }).form;
}

export type TeamForm = ReturnType<typeof useTeamForm>;
