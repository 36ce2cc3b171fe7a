import '@mantine/dates/styles.css';
import { type ProfileValue, type PublishedProfileField, toProfileValue } from '@contract/users';
import { Checkbox, Group, Radio, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { AnyFieldApi } from '@tanstack/react-form';
import { dateInputFormat } from '@/lib/format-date';
import { dropdownProps } from '@/ui/form/dropdown-props';
import { changeValue, errorOf } from '@/ui/form/field-error';

const asText = (value: ProfileValue | undefined) => (typeof value === 'string' ? value : '');
const asList = (value: ProfileValue | undefined) => (Array.isArray(value) ? value : value ? [value] : []);

/**
 * Native inputs for the plain types; the browser's own keyboards fit them. Not for dates: the
 * native date input writes them its own way (mm/dd/yyyy), not as every other date in the app.
 */
const INPUT_TYPES: Record<string, string> = { number: 'number', email: 'email', url: 'url' };

/** One published profile field, drawn by its type; a required one is marked with '*'. */
export function ProfileFieldInput({
  definition,
  field,
}: {
  definition: PublishedProfileField;
  field: AnyFieldApi;
}) {
  const label = `${definition.name}${definition.required ? '*' : ''}`;
  const value = toProfileValue(field.state.value);
  const common = { label, error: errorOf(field), onBlur: field.handleBlur, name: field.name };
  const choices = definition.options;

  switch (definition.type) {
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          value={asText(value)}
          onChange={(event) => changeValue(field, event.currentTarget.value)}
        />
      );
    case 'select':
    case 'dropdown':
      return (
        <Select
          {...common}
          comboboxProps={dropdownProps}
          data={choices}
          clearable
          searchable
          value={asText(value) || null}
          onChange={(next) => changeValue(field, next ?? '')}
        />
      );
    case 'radio':
      return (
        <Radio.Group {...common} value={asText(value)} onChange={(next) => changeValue(field, next)}>
          <Group mt="xs">
            {choices.map((choice) => (
              <Radio key={choice} value={choice} label={choice} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'checkbox':
      return (
        <Checkbox.Group {...common} value={asList(value)} onChange={(next) => changeValue(field, next)}>
          <Stack gap={6} mt="xs">
            {choices.map((choice) => (
              <Checkbox key={choice} value={choice} label={choice} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'date':
      return (
        <DateInput
          {...common}
          {...dateInputFormat}
          popoverProps={dropdownProps}
          clearable
          value={asText(value) || null}
          onChange={(next) => changeValue(field, next ?? '')}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={INPUT_TYPES[definition.type] ?? 'text'}
          value={asText(value)}
          onChange={(event) => changeValue(field, event.currentTarget.value)}
        />
      );
  }
}
