import { EVENT_CAPACITY_MAX, type EventDetail, eventResource } from '@contract/events/resource';
import { statusText } from '@contract/resource';
import { NumberInput, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Choice } from '@/lib/lookups';
import { useCan } from '@/ui/admin-list/use-can';
import { changeValue, errorOf } from '@/ui/form/field-error';
import { eventCategoryChoicesOptions, instructorChoicePages } from './queries';
import { SessionFields } from './session-fields';
import type { EventForm } from './use-event-form';
import { WallClockPicker } from './wall-clock-picker';
import { ZoneSelect } from './zone-select';

const words = statusText[eventResource.statusWords];

/** The published categories, and the event's own when it is no longer one of them. */
function useCategoryData(record: EventDetail | undefined): Choice[] {
  const categories = useQuery(eventCategoryChoicesOptions());
  const data = categories.data ?? [];
  const own = record?.categoryId && record.categoryTitle ? record : undefined;
  if (own?.categoryId && !data.some((choice) => choice.value === own.categoryId))
    return [{ value: own.categoryId, label: own.categoryTitle ?? '' }, ...data];
  return data;
}

type EventFieldsProps = { form: EventForm; record?: EventDetail; disabled: boolean };

export function EventFields({ form, record, disabled }: EventFieldsProps) {
  const categoryData = useCategoryData(record);
  const canPublish = useCan(eventResource, 'publish');
  const known = record?.instructors.map((person) => ({ value: person._id, label: person.name })) ?? [];

  return (
    <Stack>
      <form.AppField name="title">
        {(field) => <field.TextField label="Event Title" required data-autofocus disabled={disabled} />}
      </form.AppField>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <form.AppField name="categoryId">
          {(field) => (
            <field.SelectField
              label="Event Category"
              placeholder="Choose a category"
              required
              searchable
              nothingFoundMessage="No event category found."
              data={categoryData}
              disabled={disabled}
            />
          )}
        </form.AppField>
        <form.Field name="timeZone">
          {(field) => (
            <ZoneSelect
              label="Time zone"
              description="Sessions are set in this zone unless one says otherwise."
              required
              name={field.name}
              value={field.state.value}
              onChange={(zone) => {
                // Sessions set in the event's zone move with it; a session in a zone of its own stays.
                const before = field.state.value;
                changeValue(field, zone);
                form.state.values.sessions.forEach((session, index) => {
                  if (session.timeZone === before) form.setFieldValue(`sessions[${index}].timeZone`, zone);
                });
              }}
              onBlur={field.handleBlur}
              error={errorOf(field)}
              disabled={disabled}
            />
          )}
        </form.Field>
      </SimpleGrid>
      <form.Field name="description">
        {(field) => (
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxRows={10}
            name={field.name}
            value={field.state.value}
            onChange={(event) => changeValue(field, event.currentTarget.value)}
            onBlur={field.handleBlur}
            error={errorOf(field)}
            disabled={disabled}
          />
        )}
      </form.Field>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <form.Field name="capacity">
          {(field) => (
            <NumberInput
              label="Capacity"
              description="Leave empty for no limit."
              min={1}
              max={EVENT_CAPACITY_MAX}
              allowDecimal={false}
              allowNegative={false}
              name={field.name}
              value={field.state.value}
              onChange={(value) => changeValue(field, typeof value === 'number' ? value : '')}
              onBlur={field.handleBlur}
              error={errorOf(field)}
              disabled={disabled}
            />
          )}
        </form.Field>
        <form.AppField name="waitlist">
          {(field) => <field.SwitchField label="Waiting list" mt={{ sm: 'xl' }} disabled={disabled} />}
        </form.AppField>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(['registrationOpensAt', 'registrationClosesAt'] as const).map((name) => (
          <form.Field key={name} name={name}>
            {(field) => (
              <WallClockPicker
                label={name === 'registrationOpensAt' ? 'Registration opens' : 'Registration closes'}
                description="Optional, in the event's time zone."
                clearable
                name={field.name}
                value={field.state.value}
                onChange={(value) => changeValue(field, value)}
                onBlur={field.handleBlur}
                error={errorOf(field)}
                disabled={disabled}
              />
            )}
          </form.Field>
        ))}
      </SimpleGrid>
      <form.AppField name="instructorIds">
        {(field) => (
          <field.RemoteMultiSelectField
            label="Instructors"
            placeholder="Search users by name"
            query={instructorChoicePages}
            known={known}
            nothingFound="No user found."
            disabled={disabled}
          />
        )}
      </form.AppField>
      <form.AppField name="status">
        {(field) => <field.SwitchField label={words.on} disabled={disabled || !canPublish} />}
      </form.AppField>
      <SessionFields form={form} disabled={disabled} />
    </Stack>
  );
}
