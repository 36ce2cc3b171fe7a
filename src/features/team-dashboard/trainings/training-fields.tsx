import '@mantine/dates/styles.css';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { dateInputFormat } from '@/lib/format-date';
import { useFieldContext } from '@/ui/form/app-form';
import { firstErrorMessage } from '@/ui/form/field-error';
import { today } from '../format';

const ASSIGN_TO = [
  { value: 'all', label: 'All team members' },
  { value: 'some', label: 'Selected members' },
];

export function AssignToField() {
  const field = useFieldContext<'all' | 'some'>();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="assign-to-label">
        Assign To
      </Text>
      <SegmentedControl
        aria-labelledby="assign-to-label"
        data={ASSIGN_TO}
        value={field.state.value}
        onChange={(next) => field.handleChange(next === 'some' ? 'some' : 'all')}
        w="fit-content"
      />
    </Stack>
  );
}

/** Deadline: optional; days before today cannot be picked (the server refuses them too). */
export function DeadlineField() {
  const field = useFieldContext<string | null>();
  return (
    <DateInput
      label="Deadline"
      {...dateInputFormat}
      value={field.state.value}
      onChange={(next) => {
        if (field.state.meta.errorMap.onServer !== undefined) {
          field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }));
        }
        field.handleChange(next);
      }}
      onBlur={field.handleBlur}
      minDate={today()}
      clearable
      error={firstErrorMessage(field.state.meta.errors)}
      maw={320}
    />
  );
}
