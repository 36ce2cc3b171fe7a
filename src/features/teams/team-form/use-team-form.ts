import { type TeamDetail, teamSchema, teamUpdateSchema } from '@contract/teams';
import { useNavigate } from '@tanstack/react-router';
import { useRecordForm } from '@/ui/form/use-record-form';
import { useCreateTeam, useUpdateTeam } from '../mutations';
import { type TeamFormValues, toTeamFormValues, toTeamInput, toTeamUpdateInput } from './form-values';

type UseTeamFormOptions = {
  initialValues: TeamFormValues;
  /** Editing: the team as read (its id, and whether its members are listed apart). */
  record?: TeamDetail;
  /** Editing: the current team a stale save brought back. */
  onCurrentRecord?: (team: TeamDetail) => void;
};

/** The team form: the contract's rules on submit, then on every change; a save goes back to the list. */
export function useTeamForm({ initialValues, record, onCurrentRecord }: UseTeamFormOptions) {
  const navigate = useNavigate();
  const create = useCreateTeam();
  const update = useUpdateTeam(record?._id ?? '');

  return useRecordForm({
    defaultValues: initialValues,
    schema: record ? teamUpdateSchema : teamSchema,
    validate: { toInput: (values) => (record ? toTeamUpdateInput(record, values) : toTeamInput(values)) },
    save: (values: TeamFormValues) =>
      record
        ? update.mutateAsync(toTeamUpdateInput(record, values))
        : create.mutateAsync(toTeamInput(values)),
    // Answered or kept for later by the outbox, the change is on its way: back to the list.
    onSaved: () => navigate({ to: '/app/user-management/users-team' }),
    fromRecord: toTeamFormValues,
    onCurrentRecord,
  }).form;
}

export type TeamForm = ReturnType<typeof useTeamForm>;
