import { toFieldErrors } from '@contract/validation';
import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { isApiError } from '@/lib/api-error';
import { toast } from '@/lib/notify';

type TextValues = Record<string, string>;

/**
 * The sign-in screens' form state: text fields checked by a contract schema on submit, then on every
 * edit, with a 422 answer's messages put under their fields.
 *
 * These screens are the app's first load, and TanStack Form alone would put /login over its
 * 150 KB budget, so they use this instead; every form inside the app uses `useAppForm`.
 * See docs/decisions/003-light-forms-on-sign-in-screens.md.
 */
export function useSchemaForm<S extends v.GenericSchema<TextValues, unknown>>(options: {
  schema: S;
  defaultValues: v.InferInput<S> & TextValues;
  onSubmit: (value: v.InferOutput<S>) => Promise<void>;
}) {
  const { schema, defaultValues, onSubmit } = options;
  const [values, setValues] = useState<TextValues>(defaultValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const validate = (next: TextValues) => {
    const result = v.safeParse(schema, next);
    setErrors(result.success ? {} : toFieldErrors(result.issues));
    return result;
  };

  const field = (name: keyof v.InferInput<S> & string) => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const next = { ...values, [name]: event.currentTarget.value };
      setValues(next);
      if (submitted) validate(next);
      else if (errors[name]) setErrors(({ [name]: _stale, ...rest }) => rest);
    },
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(values);
    if (!result.success) return;
    setSubmitting(true);
    try {
      await onSubmit(result.output);
    } catch (error) {
      // Other failures were toasted by the api client; a 422 belongs under the fields.
      if (isApiError(error) && error.status === 422) {
        const known = Object.entries(error.errors).filter(([name]) => name in values);
        setErrors(Object.fromEntries(known));
        if (known.length === 0) toast.error(error.message);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const reset = () => {
    setValues(defaultValues);
    setErrors({});
    setSubmitted(false);
  };

  return { field, handleSubmit, submitting, reset };
}
