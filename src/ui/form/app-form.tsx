import { Button, type ButtonProps } from '@mantine/core';
import { createFormHook, createFormHookContexts } from '@tanstack/react-form';
import type { ReactNode } from 'react';
import { TextField, type TextFieldProps } from '../text-field';
import { firstErrorMessage } from './field-error';

export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

type FormTextFieldProps = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
>;

function FormTextField(props: FormTextFieldProps) {
  const field = useFieldContext<string>();
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.state.value}
      onChange={(event) => {
        // A server message is about the value the server saw; editing the field makes it stale.
        if (field.state.meta.errorMap.onServer !== undefined) {
          field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }));
        }
        field.handleChange(event.currentTarget.value);
      }}
      onBlur={field.handleBlur}
      error={firstErrorMessage(field.state.meta.errors)}
    />
  );
}

function SubmitButton({ children, ...props }: ButtonProps & { children: ReactNode }) {
  const form = useFormContext();
  return (
    <form.Subscribe selector={(state) => state.isSubmitting}>
      {(isSubmitting) => (
        <Button type="submit" loading={isSubmitting} {...props}>
          {children}
        </Button>
      )}
    </form.Subscribe>
  );
}

/** The app's form hook: fields and buttons already wired to Mantine and to the field's errors. */
export const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField: FormTextField },
  formComponents: { SubmitButton },
});
