import { meetingProvider } from '@contract/events/meeting-provider';
import type { MeetingProvider } from '@contract/events/model';
import { EVENT_MAX_SESSIONS } from '@contract/events/resource';
import { isHttpsLink } from '@contract/events/values';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { titledPagesOptions } from '@/lib/lookups';
import { changeValue, errorOf } from '@/ui/form/field-error';
import { emptySession, type SessionFormValues } from './form-values';
import type { EventForm } from './use-event-form';
import { formatSessionTimes, wallClockToInstant } from './wall-clock';
import { WallClockPicker } from './wall-clock-picker';
import { ZoneSelect } from './zone-select';

const locationPages = titledPagesOptions('location');

const PROVIDER_NAMES: Record<MeetingProvider, string | null> = {
  zoom: 'Zoom',
  teams: 'Teams',
  meet: 'Meet',
  webex: 'Webex',
  other: null,
};

/** The provider the server will record for a link, named as people know it; none for another host. */
export function providerName(url: string): string | null {
  const link = url.trim();
  return isHttpsLink(link) ? PROVIDER_NAMES[meetingProvider(link)] : null;
}

/** The session's times in the event's zone and the viewer's, once both are set and in order. */
function sessionTimes(session: SessionFormValues, eventZone: string): string | null {
  if (session.startsAt === '' || session.endsAt === '' || session.timeZone === '' || eventZone === '')
    return null;
  const startsAt = wallClockToInstant(session.startsAt, session.timeZone);
  const endsAt = wallClockToInstant(session.endsAt, session.timeZone);
  if (Date.parse(endsAt) <= Date.parse(startsAt)) return null;
  return formatSessionTimes({ startsAt, endsAt }, eventZone);
}

type SessionFieldsProps = { form: EventForm; disabled: boolean };

/**
 * The event's sessions, one card each: start and end as read on the clocks of the session's zone
 * (the event's unless changed), a location or an address, and/or a meeting link.
 */
export function SessionFields({ form, disabled }: SessionFieldsProps) {
  return (
    <form.Field name="sessions" mode="array">
      {(list) => (
        <Stack gap="sm" component="section" aria-label="Sessions">
          <Title order={2} size="h4">
            Sessions
          </Title>
          {list.state.value.map((_, index) => (
            <SessionCard
              // Sessions are added and removed, never moved: the position is their identity here.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              key={index}
              form={form}
              index={index}
              disabled={disabled}
              onRemove={list.state.value.length > 1 ? () => list.removeValue(index) : undefined}
            />
          ))}
          {errorOf(list) && (
            <Text c="red" size="sm" role="alert">
              {errorOf(list)}
            </Text>
          )}
          {!disabled && list.state.value.length < EVENT_MAX_SESSIONS && (
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => list.pushValue(emptySession(form.state.values.timeZone))}
              >
                Add Session
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </form.Field>
  );
}

type SessionCardProps = SessionFieldsProps & { index: number; onRemove?: () => void };

function SessionCard({ form, index, disabled, onRemove }: SessionCardProps) {
  const name = `Session ${index + 1}`;
  const at = <K extends keyof SessionFormValues>(key: K) => `sessions[${index}].${key}` as const;
  return (
    <Paper withBorder p="md" radius="md" component="fieldset" style={{ minWidth: 0 }} aria-label={name}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{name}</Text>
        {onRemove && !disabled && (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onRemove}
            aria-label={`Remove ${name}`}
          >
            Remove
          </Button>
        )}
      </Group>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <form.Field name={at('startsAt')}>
            {(field) => (
              <WallClockPicker
                label="Starts"
                required
                name={field.name}
                value={field.state.value}
                onChange={(value) => changeValue(field, value)}
                onBlur={field.handleBlur}
                error={errorOf(field)}
                disabled={disabled}
              />
            )}
          </form.Field>
          <form.Field name={at('endsAt')}>
            {(field) => (
              <WallClockPicker
                label="Ends"
                required
                name={field.name}
                value={field.state.value}
                onChange={(value) => changeValue(field, value)}
                onBlur={field.handleBlur}
                error={errorOf(field)}
                disabled={disabled}
              />
            )}
          </form.Field>
          <form.Field name={at('timeZone')}>
            {(field) => (
              <ZoneSelect
                label="Session time zone"
                name={field.name}
                value={field.state.value}
                onChange={(value) => changeValue(field, value)}
                onBlur={field.handleBlur}
                error={errorOf(field)}
                disabled={disabled}
              />
            )}
          </form.Field>
        </SimpleGrid>
        <form.Subscribe
          selector={(state) => {
            const session = state.values.sessions[index];
            return session ? sessionTimes(session, state.values.timeZone) : null;
          }}
        >
          {(times) =>
            times && (
              <Text size="sm" c="dimmed" data-testid={`session-${index + 1}-times`}>
                {times}
              </Text>
            )
          }
        </form.Subscribe>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <form.Subscribe selector={(state) => state.values.sessions[index]?.locationTitle ?? ''}>
            {(locationTitle) => (
              <form.AppField name={at('locationId')}>
                {(field) => (
                  <field.PagedSelectField
                    label="Location"
                    placeholder="Search Location"
                    nothingFound="No location found."
                    query={locationPages}
                    selectedOption={
                      field.state.value && locationTitle
                        ? { value: field.state.value, label: locationTitle }
                        : null
                    }
                    disabled={disabled}
                  />
                )}
              </form.AppField>
            )}
          </form.Subscribe>
          <form.AppField name={at('address')}>
            {(field) => <field.TextField label="Address" placeholder="Or an address" disabled={disabled} />}
          </form.AppField>
        </SimpleGrid>
        <form.Field name={at('meetingUrl')}>
          {(field) => {
            const provider = providerName(field.state.value);
            return (
              <TextInput
                label="Meeting link"
                placeholder="https://"
                type="url"
                inputMode="url"
                name={field.name}
                value={field.state.value}
                onChange={(event) => changeValue(field, event.currentTarget.value)}
                onBlur={field.handleBlur}
                error={errorOf(field)}
                disabled={disabled}
                rightSectionWidth={provider ? 80 : undefined}
                rightSection={provider && <Badge variant="light">{provider}</Badge>}
              />
            );
          }}
        </form.Field>
      </Stack>
    </Paper>
  );
}
