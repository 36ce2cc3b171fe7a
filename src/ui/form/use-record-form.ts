import type { FieldErrors } from '@contract/envelope';
import { type AnyFormApi, revalidateLogic } from '@tanstack/react-form';
import { useRef, useState } from 'react';
import type * as v from 'valibot';
import { isApiError } from '@/lib/api-error';
import { useAppForm } from './app-form';
import { type SchemaValidatorOptions, schemaValidator } from './schema-validator';
import { applyServerErrors, placeFieldErrors } from './server-errors';
import { hasUnsavedChanges, type SavedValues } from './unsaved-changes';
import { useUnsavedChangesBlocker } from './use-unsaved-changes-blocker';

/** What the form does after a save, given what was sent and a way to start over from new values. */
export type SavedContext<TValues, TMeta> = {
  values: TValues;
  meta: TMeta;
  startOver: (values: TValues) => void;
};

export type RecordFormOptions<TValues, TResult, TRecord, TMeta> = {
  /** A blank record when adding; the record as loaded when editing. */
  defaultValues: TValues;
  /** The contract's schema, checked on the first submit and then on every change. */
  schema: v.GenericSchema;
  /**
   * What the schema checks (the body that would be sent), extra rules, and where messages go
   * (`place`, for the schema's and the server's alike).
   */
  validate?: SchemaValidatorOptions<TValues>;
  /** Creates or updates; a change kept by the outbox resolves too. */
  save: (values: TValues, meta: TMeta) => Promise<TResult>;
  /** After the save: back to the list, close the dialog, or start over. */
  onSaved?: (result: TResult, context: SavedContext<TValues, TMeta>) => unknown;
  /**
   * Editing: the form's values for a record as the server answers it. A save over a version that
   * changed meanwhile is answered 409 with the current record; the form then shows it.
   */
  fromRecord?: (record: TRecord) => TValues;
  /** The current record a stale save brought back, for whatever else shows it (the detail cache). */
  onCurrentRecord?: (record: TRecord) => void;
  /** Sent with `form.handleSubmit(meta)`, e.g. which of two save buttons was pressed. */
  onSubmitMeta?: TMeta;
  /** Shown but not sent (a record the role may not change): the server would answer 403. */
  readOnly?: boolean;
};

/** What became of a failed save. */
export type SaveFailure<TValues, TRecord> =
  /** Messages put under their fields: a 422, or a 409 about a value (a taken email). */
  | { kind: 'fields' }
  /** A stale version: the form should show the current record. */
  | { kind: 'current'; values: TValues; record: TRecord }
  /** Anything else; the api client has toasted the server's message, and the form keeps what was typed. */
  | { kind: 'kept' };

/**
 * Sorts a failed save: field messages go under their fields (each until its field is edited), a
 * stale version's current record becomes the form's values, the rest stays as typed.
 */
export function applySaveFailure<TValues, TRecord>(
  form: AnyFormApi,
  error: unknown,
  {
    fromRecord,
    place = (errors) => errors,
  }: {
    fromRecord?: (record: TRecord) => TValues;
    place?: (errors: FieldErrors) => FieldErrors;
  } = {},
): SaveFailure<TValues, TRecord> {
  if (applyServerErrors(form, error, place)) return { kind: 'fields' };
  if (!isApiError(error) || error.status !== 409) return { kind: 'kept' };
  if (Object.keys(error.errors).length > 0) {
    placeFieldErrors(form, place(error.errors));
    return { kind: 'fields' };
  }
  // The server's message, toasted by the api client, says the record changed and to review it.
  if (error.results !== undefined && error.results !== null && fromRecord) {
    const record = error.results as TRecord;
    return { kind: 'current', values: fromRecord(record), record };
  }
  return { kind: 'kept' };
}

/**
 * The submit of an admin record form: save, keep what was saved in `saved` (so leaving the form
 * afterwards asks nothing), then `onSaved`; a failed save is sorted by `applySaveFailure`, and a
 * stale one starts the form over from the current record.
 */
export function recordSubmit<TValues, TResult, TRecord, TMeta>(
  options: Pick<
    RecordFormOptions<TValues, TResult, TRecord, TMeta>,
    'save' | 'onSaved' | 'fromRecord' | 'onCurrentRecord' | 'readOnly' | 'validate'
  >,
  startOver: (form: AnyFormApi, values: TValues) => void,
  saved: SavedValues<TValues> = { current: undefined },
) {
  return async ({ value, meta, formApi }: { value: TValues; meta: TMeta; formApi: AnyFormApi }) => {
    if (options.readOnly) return;
    let result: TResult;
    try {
      result = await options.save(value, meta);
    } catch (error) {
      const failure = applySaveFailure(formApi, error, {
        fromRecord: options.fromRecord,
        place: options.validate?.place,
      });
      if (failure.kind === 'current') {
        options.onCurrentRecord?.(failure.record);
        startOver(formApi, failure.values);
      }
      return;
    }
    saved.current = value;
    await options.onSaved?.(result, { values: value, meta, startOver: (next) => startOver(formApi, next) });
  };
}

/**
 * The TanStack Form options of a record form: the contract's schema checked on the first submit
 * and then on every change (`revalidateLogic`), and `recordSubmit`. Apart from the hook so a test
 * can drive a plain `FormApi` with them.
 */
export function recordFormOptions<TValues, TResult, TRecord, TMeta>(
  options: RecordFormOptions<TValues, TResult, TRecord, TMeta>,
  startOver: (form: AnyFormApi, values: TValues) => void,
  saved?: SavedValues<TValues>,
) {
  return {
    defaultValues: options.defaultValues,
    onSubmitMeta: options.onSubmitMeta as TMeta,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: schemaValidator<TValues>(options.schema, options.validate) },
    onSubmit: recordSubmit(options, startOver, saved),
  };
}

/**
 * The form of every admin record, adding or editing: the contract's messages on the first submit
 * and then on every change, a 422's messages under their fields, and a save over a stale version
 * shows the record as it is now (the server's toast says so) instead of the values typed.
 *
 *   const { form } = useRecordForm({
 *     defaultValues, schema: teamSchema, fromRecord: toTeamFormValues,
 *     save: (values) => (teamId ? update : create).mutateAsync(toTeamInput(values)),
 *     onSaved: () => navigate({ to: '/app/user-management/users-team' }),
 *   });
 *
 * `generation` changes whenever the form starts over, for parts with state of their own (a
 * picture's preview) to start over too. Leaving the form with changes not saved asks first
 * (`useUnsavedChangesBlocker`).
 */
export function useRecordForm<TValues, TResult = unknown, TRecord = never, TMeta = undefined>(
  options: RecordFormOptions<TValues, TResult, TRecord, TMeta>,
) {
  // The form applies changed default values on render: starting over must change them too, or the
  // next render would bring the first ones back (and with them an old version).
  const [defaultValues, setDefaultValues] = useState(options.defaultValues);
  const [generation, setGeneration] = useState(0);

  const startOver = (formApi: AnyFormApi, values: TValues) => {
    setDefaultValues(values);
    formApi.reset(values);
    setGeneration((current) => current + 1);
  };

  const saved = useRef<TValues | undefined>(undefined);
  const form = useAppForm({ ...recordFormOptions(options, startOver, saved), defaultValues });
  const isUnsaved = () => !options.readOnly && hasUnsavedChanges(form, saved);
  useUnsavedChangesBlocker(isUnsaved, { disabled: options.readOnly });

  // `isUnsaved`, for a form in a dialog to ask before it closes too (`useGuardedClose`).
  return { form, generation, isUnsaved };
}
