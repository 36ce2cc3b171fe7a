import {
  Button,
  type ButtonProps,
  MultiSelect,
  type MultiSelectProps,
  Select,
  type SelectProps,
  Switch,
  type SwitchProps,
  TagsInput,
  type TagsInputProps,
} from '@mantine/core';
import { type AnyFieldApi, createFormHook, createFormHookContexts } from '@tanstack/react-form';
import type { ReactNode } from 'react';
import { SearchablePagedSelect, type SearchablePagedSelectProps } from '../searchable-paged-select';
import { TextField, type TextFieldProps } from '../text-field';
import { firstErrorMessage } from './field-error';

export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

type FormTextFieldProps = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
>;

/** A server message is about the value the server saw; editing the field makes it stale. */
function clearServerError(field: AnyFieldApi) {
  if (field.state.meta.errorMap.onServer !== undefined) {
    field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }));
  }
}

function FormTextField(props: FormTextFieldProps) {
  const field = useFieldContext<string>();
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.state.value}
      onChange={(event) => {
        clearServerError(field);
        field.handleChange(event.currentTarget.value);
      }}
      onBlur={field.handleBlur}
      error={firstErrorMessage(field.state.meta.errors)}
    />
  );
}

type FormSwitchFieldProps = Omit<SwitchProps, 'name' | 'checked' | 'defaultChecked' | 'onChange' | 'onBlur'>;

function FormSwitchField(props: FormSwitchFieldProps) {
  const field = useFieldContext<boolean>();
  return (
    <Switch
      {...props}
      name={field.name}
      checked={field.state.value}
      onChange={(event) => {
        clearServerError(field);
        field.handleChange(event.currentTarget.checked);
      }}
      onBlur={field.handleBlur}
      error={firstErrorMessage(field.state.meta.errors)}
    />
  );
}

type FormMultiSelectFieldProps = Omit<
  MultiSelectProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
>;

/** Values are option values (ids); labels come from `data`. */
function FormMultiSelectField(props: FormMultiSelectFieldProps) {
  const field = useFieldContext<string[]>();
  return (
    <MultiSelect
      {...props}
      name={field.name}
      value={field.state.value}
      onChange={(value) => {
        clearServerError(field);
        field.handleChange(value);
      }}
      onBlur={field.handleBlur}
      error={firstErrorMessage(field.state.meta.errors)}
    />
  );
}

type FormSelectFieldProps = Omit<
  SelectProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
>;

/** A select over options the form already has; the value is the option's value, '' for none. */
function FormSelectField(props: FormSelectFieldProps) {
  const field = useFieldContext<string>();
  return (
    <Select
      {...props}
      name={field.name}
      value={field.state.value === '' ? null : field.state.value}
      onChange={(value) => {
        clearServerError(field);
        field.handleChange(value ?? '');
      }}
      onBlur={field.handleBlur}
      error={firstErrorMessage(field.state.meta.errors)}
    />
  );
}

type FormTagsFieldProps = Omit<
  TagsInputProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
>;

/** A list of short free texts (a field's options), each typed and added with Enter. */
function FormTagsField(props: FormTagsFieldProps) {
  const field = useFieldContext<string[]>();
  return (
    <TagsInput
      {...props}
      name={field.name}
      value={field.state.value}
      onChange={(value) => {
        clearServerError(field);
        field.handleChange(value);
      }}
      onBlur={field.handleBlur}
      error={firstErrorMessage(field.state.meta.errors)}
    />
  );
}

type FormPagedSelectFieldProps = Omit<
  SearchablePagedSelectProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
>;

/** A searchable select over a paged lookup; the value is the chosen id, '' for none. */
function FormPagedSelectField(props: FormPagedSelectFieldProps) {
  const field = useFieldContext<string>();
  return (
    <SearchablePagedSelect
      {...props}
      name={field.name}
      value={field.state.value}
      onChange={(value) => {
        clearServerError(field);
        field.handleChange(value);
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
  fieldComponents: {
    TextField: FormTextField,
    SwitchField: FormSwitchField,
    MultiSelectField: FormMultiSelectField,
    SelectField: FormSelectField,
    TagsField: FormTagsField,
    PagedSelectField: FormPagedSelectField,
  },
  formComponents: { SubmitButton },
});
