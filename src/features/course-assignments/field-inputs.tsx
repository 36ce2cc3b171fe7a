import '@mantine/dates/styles.css';
import { Group, NumberInput, type NumberInputProps, Radio } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { dateInputFormat } from '@/lib/format-date';
import { useFieldContext } from '@/ui/form/app-form';
import { changeValue, errorOf } from '@/ui/form/field-error';

/** Today as yyyy-mm-dd in the user's calendar: the earliest deadline or expiry a date field offers. */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

type ChoiceFieldProps<T extends string> = {
  label: string;
  choices: readonly { value: T; label: string }[];
  /** Called with the new choice after the field takes it (to clear what no longer applies). */
  onChosen?: (value: T) => void;
};

/** One of a few choices as radio buttons, with the field's message under them. */
export function ChoiceField<T extends string>({ label, choices, onChosen }: ChoiceFieldProps<T>) {
  const field = useFieldContext<T>();
  return (
    <Radio.Group
      label={label}
      name={field.name}
      value={field.state.value}
      onChange={(next) => {
        changeValue(field, next as T);
        onChosen?.(next as T);
      }}
      error={errorOf(field)}
    >
      <Group mt="xs" gap="md">
        {choices.map((choice) => (
          <Radio key={choice.value} value={choice.value} label={choice.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** A day from today on (the server refuses past deadlines and expiries), null for none. */
export function DayField({ label }: { label: string }) {
  const field = useFieldContext<string | null>();
  return (
    <DateInput
      label={label}
      withAsterisk
      {...dateInputFormat}
      name={field.name}
      value={field.state.value}
      onChange={(next) => changeValue(field, next)}
      onBlur={field.handleBlur}
      minDate={today()}
      clearable
      // The theme names no date input's clear button, and an icon alone names nothing.
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      error={errorOf(field)}
      maw={320}
    />
  );
}

type WholeNumberFieldProps = Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'name'>;

/** A whole number, '' while empty. */
export function WholeNumberField(props: WholeNumberFieldProps) {
  const field = useFieldContext<number | ''>();
  return (
    <NumberInput
      withAsterisk
      allowDecimal={false}
      allowNegative={false}
      {...props}
      name={field.name}
      value={field.state.value}
      onChange={(next) => changeValue(field, typeof next === 'number' ? next : '')}
      onBlur={field.handleBlur}
      error={errorOf(field)}
    />
  );
}
