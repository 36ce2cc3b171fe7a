import { EXPIRY_TYPE_LABELS, EXPIRY_TYPES, EXPIRY_UNITS } from '@contract/course-assignments/resource';
import { Group, Stack } from '@mantine/core';
import { ChoiceField, DayField, WholeNumberField } from './field-inputs';
import type { AssignmentForm } from './use-assignment-form';

const typeChoices = EXPIRY_TYPES.map((value) => ({ value, label: EXPIRY_TYPE_LABELS[value] }));
const unitChoices = EXPIRY_UNITS.map((value) => ({ value, label: value }));

/**
 * How long a completion counts: for good, until a fixed day, or for some days, weeks, months or
 * years after it was made; then the course is due again.
 */
export function ExpiryFields({ form }: { form: AssignmentForm }) {
  return (
    <Stack gap="xs">
      <form.AppField name="expiryType">
        {() => <ChoiceField label="Expiry" choices={typeChoices} />}
      </form.AppField>
      <form.Subscribe selector={(state) => state.values.expiryType}>
        {(type) =>
          type === 'fixed' ? (
            <form.AppField name="expiryDate">{() => <DayField label="Expiry date" />}</form.AppField>
          ) : type === 'dynamic' ? (
            <Group align="flex-start" gap="sm" grow maw={480}>
              <form.AppField name="expiryValue">
                {() => <WholeNumberField label="Expires after" min={1} />}
              </form.AppField>
              <form.AppField name="expiryUnit">
                {(field) => (
                  <field.SelectField
                    label="Unit"
                    withAsterisk
                    placeholder="Pick a unit"
                    data={unitChoices}
                    allowDeselect={false}
                  />
                )}
              </form.AppField>
            </Group>
          ) : null
        }
      </form.Subscribe>
    </Stack>
  );
}
