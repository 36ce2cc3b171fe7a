import { type MemberDetail, memberCreateSchema, memberUpdateSchema } from '@contract/member';
import { type AnyFormApi, revalidateLogic } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isQueued, type WriteResult } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { useAppForm } from '@/ui/form/app-form';
import { schemaValidator } from '@/ui/form/schema-validator';
import { applyServerErrors, placeFieldErrors } from '@/ui/form/server-errors';
import { emptyMemberValues, type MemberFormValues, toMemberFormValues } from './form-values';

/** 'stay': Save & New (adding) or Update (editing); 'close': Save or Update & Close, back to the dashboard. */
export type SaveAction = 'stay' | 'close';
export type MemberFormMode = 'add' | 'edit';

type UseMemberFormOptions = {
  mode: MemberFormMode;
  teamId: string;
  initialValues: MemberFormValues;
  save: (values: MemberFormValues) => Promise<WriteResult<MemberDetail>>;
  /** Editing: the current record, read again after a stale-version conflict. */
  reload?: () => Promise<MemberDetail>;
  /** A member the caller may not change: nothing is sent (the server would answer 403). */
  readOnly?: boolean;
};

export function useMemberForm({
  mode,
  teamId,
  initialValues,
  save,
  reload,
  readOnly = false,
}: UseMemberFormOptions) {
  const navigate = useNavigate();
  const [pendingAction, setPendingAction] = useState<SaveAction | null>(null);
  // The form re-applies changed default values on render, so a reset must change them too, or the
  // next render would bring the first ones back (and with them an old version).
  const [defaultValues, setDefaultValues] = useState(initialValues);
  // Bumped when the form starts over, so pieces with state of their own (the picture's refusal) do too.
  const [generation, setGeneration] = useState(0);

  const startOver = (formApi: AnyFormApi, values: MemberFormValues) => {
    setDefaultValues(values);
    formApi.reset(values);
    setGeneration((current) => current + 1);
  };

  const form = useAppForm({
    defaultValues,
    onSubmitMeta: { action: 'close' as SaveAction },
    // Checked on the first submit, then on every change.
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    // The contract schema, not as a Standard Schema: its input type lacks the form's preview-only fields
    // (the picture file and URL).
    validators: {
      onDynamic: schemaValidator<MemberFormValues>(mode === 'add' ? memberCreateSchema : memberUpdateSchema),
    },
    onSubmit: async ({ value, meta, formApi }) => {
      if (readOnly) return;
      setPendingAction(meta.action);
      try {
        const result = await save(value);
        if (meta.action === 'close') {
          await navigate({ to: '/user-portal/team-dashboard', search: { team: teamId } });
          return;
        }
        // Adding: a blank form for the next member. Editing: the saved record, with its new version.
        // A change kept for later keeps what was typed (editing); the saved record once there is one.
        if (mode === 'add') startOver(formApi, emptyMemberValues(teamId));
        else if (isQueued(result)) startOver(formApi, value);
        else startOver(formApi, toMemberFormValues(result.results, teamId));
      } catch (error) {
        if (applyServerErrors(formApi, error) || !isApiError(error) || error.status !== 409) return;
        if (Object.keys(error.errors).length > 0) {
          // A 409's field messages (duplicate email) under their fields; the api client already toasted it.
          placeFieldErrors(formApi, error.errors);
        } else if (reload) {
          // Stale version: the server's message was toasted; show the record as it is now.
          // A failed reload was toasted by the api client, and the form keeps what the user typed.
          const current = await reload().catch(() => null);
          if (current) startOver(formApi, toMemberFormValues(current, teamId));
        }
      } finally {
        setPendingAction(null);
      }
    },
  });

  return { form, pendingAction, generation };
}

export type MemberForm = ReturnType<typeof useMemberForm>['form'];
