import {
  Button,
  type ButtonProps,
  Group,
  type GroupProps,
  MultiSelect,
  type MultiSelectProps,
  Select,
  type SelectProps,
  Stack,
  type StackProps,
  Switch,
  type SwitchProps,
  TagsInput,
  type TagsInputProps,
} from '@mantine/core';
import { createFormHook, createFormHookContexts } from '@tanstack/react-form';
import type { ReactNode } from 'react';
import { RemoteMultiSelect, type RemoteMultiSelectProps } from '../remote-multi-select';
import { SearchablePagedSelect, type SearchablePagedSelectProps } from '../searchable-paged-select';
import { TextField, type TextFieldProps } from '../text-field';
import { dropdownProps } from './dropdown-props';
import { changeValue, errorOf } from './field-error';

export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

/** What the field decides for its input: the rest comes from the caller. */
type Bound = 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error';

/** The current field wired for a Mantine input: its value, a change that drops a stale server message, its error. */
function useBoundField<T>() {
  const field = useFieldContext<T>();
  return {
    value: field.state.value,
    change: (next: T) => changeValue(field, next),
    bound: { name: field.name, onBlur: field.handleBlur, error: errorOf(field) },
  };
}

type FormTextFieldProps = Omit<TextFieldProps, Bound>;

function FormTextField(props: FormTextFieldProps) {
  const { value, change, bound } = useBoundField<string>();
  return (
    <TextField {...props} {...bound} value={value} onChange={(event) => change(event.currentTarget.value)} />
  );
}

type FormPasswordFieldProps = Omit<FormTextFieldProps, 'type' | 'label' | 'description'> & {
  label: string;
  /** Editing: a blank password keeps the current one, so the field is not marked required. */
  keepsCurrent?: boolean;
};

/** A new password (or its confirmation): required ('*') when adding, optional when editing. */
function FormPasswordField({ label, keepsCurrent = false, ...props }: FormPasswordFieldProps) {
  return (
    <FormTextField
      autoComplete="new-password"
      {...props}
      type="password"
      label={keepsCurrent ? label : `${label}*`}
      description={keepsCurrent ? 'Leave blank to keep the current password.' : undefined}
    />
  );
}

type FormSwitchFieldProps = Omit<SwitchProps, 'name' | 'checked' | 'defaultChecked' | 'onChange' | 'onBlur'>;

function FormSwitchField(props: FormSwitchFieldProps) {
  const { value, change, bound } = useBoundField<boolean>();
  return (
    <Switch {...props} {...bound} checked={value} onChange={(event) => change(event.currentTarget.checked)} />
  );
}

/** Values are option values (ids); labels come from `data`. */
function FormMultiSelectField(props: Omit<MultiSelectProps, Bound>) {
  const { value, change, bound } = useBoundField<string[]>();
  return <MultiSelect comboboxProps={dropdownProps} {...props} {...bound} value={value} onChange={change} />;
}

/** A multi-select that searches, can be cleared and leaves out what is already picked. */
function FormPickManyField(props: Omit<MultiSelectProps, Bound>) {
  return <FormMultiSelectField searchable clearable hidePickedOptions {...props} />;
}

/** A select over options the form already has; the value is the option's value, '' for none. */
function FormSelectField(props: Omit<SelectProps, Bound>) {
  const { value, change, bound } = useBoundField<string>();
  return (
    <Select
      comboboxProps={dropdownProps}
      {...props}
      {...bound}
      value={value === '' ? null : value}
      onChange={(next) => change(next ?? '')}
    />
  );
}

/** A list of short free texts (a field's options), each typed and added with Enter. */
function FormTagsField(props: Omit<TagsInputProps, Bound>) {
  const { value, change, bound } = useBoundField<string[]>();
  return <TagsInput comboboxProps={dropdownProps} {...props} {...bound} value={value} onChange={change} />;
}

/** A searchable select over a paged lookup; the value is the chosen id, '' for none. */
function FormPagedSelectField(props: Omit<SearchablePagedSelectProps, Bound>) {
  const { value, change, bound } = useBoundField<string>();
  return <SearchablePagedSelect {...props} {...bound} value={value} onChange={change} />;
}

/** Many ids from a list the server searches and pages (users, courses, teams). */
function FormRemoteMultiSelectField(props: Omit<RemoteMultiSelectProps, Bound>) {
  const { value, change, bound } = useBoundField<string[]>();
  return <RemoteMultiSelect {...props} {...bound} value={value} onChange={change} />;
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

/**
 * The form element: the browser's own validation off (the contract's messages show instead), submit
 * via the form. With `gap`, its children stand in a column that far apart.
 */
function FormElement({ children, gap }: { children: ReactNode; gap?: StackProps['gap'] }) {
  const form = useFormContext();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      {gap === undefined ? children : <Stack gap={gap}>{children}</Stack>}
    </form>
  );
}

/** The form's buttons at its end: any others (Cancel), then Save when adding or Update when editing. */
function SaveButtons({ editing, children, ...props }: GroupProps & { editing: boolean }) {
  return (
    <Group justify="flex-end" {...props}>
      {children}
      <SubmitButton>{editing ? 'Update' : 'Save'}</SubmitButton>
    </Group>
  );
}

/** The app's form hook: fields and buttons already wired to Mantine and to the field's errors. */
export const { useAppForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField: FormTextField,
    PasswordField: FormPasswordField,
    SwitchField: FormSwitchField,
    MultiSelectField: FormMultiSelectField,
    PickManyField: FormPickManyField,
    SelectField: FormSelectField,
    TagsField: FormTagsField,
    PagedSelectField: FormPagedSelectField,
    RemoteMultiSelectField: FormRemoteMultiSelectField,
  },
  formComponents: { SubmitButton, SaveButtons, Form: FormElement },
});
