import { type MemberDetail, memberCreateSchema, memberUpdateSchema } from '@contract/member';
import { useStore } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isQueued, type WriteResult } from '@/lib/api-client';
import { useRecordForm } from '@/ui/form/use-record-form';
import { emptyMemberValues, type MemberFormValues, toMemberFormValues } from './form-values';

/** 'stay': Save & New (adding) or Update (editing); 'close': Save or Update & Close, back to the dashboard. */
export type SaveAction = 'stay' | 'close';
export type MemberFormMode = 'add' | 'edit';

type UseMemberFormOptions = {
  mode: MemberFormMode;
  teamId: string;
  initialValues: MemberFormValues;
  save: (values: MemberFormValues) => Promise<WriteResult<MemberDetail>>;
  /** Editing: the current member a stale save brought back. */
  onCurrentRecord?: (member: MemberDetail) => void;
  /** A member the caller may not change: nothing is sent (the server would answer 403). */
  readOnly?: boolean;
};

export function useMemberForm({
  mode,
  teamId,
  initialValues,
  save,
  onCurrentRecord,
  readOnly = false,
}: UseMemberFormOptions) {
  const navigate = useNavigate();
  const [lastAction, setLastAction] = useState<SaveAction>('close');

  const { form, generation } = useRecordForm({
    defaultValues: initialValues,
    onSubmitMeta: { action: 'close' as SaveAction },
    // The contract's schema checks the values as they are: its input lacks only the form's
    // preview-only fields (the picture file and URL).
    schema: mode === 'add' ? memberCreateSchema : memberUpdateSchema,
    readOnly,
    save: (values: MemberFormValues, meta) => {
      setLastAction(meta.action);
      return save(values);
    },
    onSaved: async (result, { values, meta, startOver }) => {
      if (meta.action === 'close') {
        await navigate({ to: '/user-portal/team-dashboard', search: { team: teamId } });
        return;
      }
      // Adding: a blank form for the next member. Editing: the saved record, with its new version.
      // A change kept for later keeps what was typed (editing); the saved record once there is one.
      if (mode === 'add') startOver(emptyMemberValues(teamId));
      else if (isQueued(result)) startOver(values);
      else startOver(toMemberFormValues(result.results, teamId));
    },
    // A 409 about a value (a duplicate email) shows under its field; a stale one shows the member now.
    fromRecord: (member: MemberDetail) => toMemberFormValues(member, teamId),
    onCurrentRecord,
  });
  const submitting = useStore(form.store, (state) => state.isSubmitting);

  return { form, pendingAction: submitting ? lastAction : null, generation };
}

export type MemberForm = ReturnType<typeof useMemberForm>['form'];
