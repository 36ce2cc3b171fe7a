import type { EventSessionView } from '@contract/events/attendees';
import { Stack, Text } from '@mantine/core';

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string | undefined, withDate: boolean) {
  const key = `${timeZone ?? ''}|${withDate}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(undefined, {
      ...(withDate ? { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } : {}),
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    });
    formats.set(key, found);
  }
  return found;
}

const dayOf = (iso: string, timeZone: string | undefined) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(new Date(iso));

/**
 * A session's start and end as the clock in `timeZone` reads them (the viewer's when left out),
 * the end's date left out on the same day: 'Sat, Mar 30, 2030, 9:00 AM – 12:00 PM'.
 */
export function sessionSpan(startsAt: string, endsAt: string, timeZone?: string): string {
  const start = format(timeZone, true).format(new Date(startsAt));
  const sameDay = dayOf(startsAt, timeZone) === dayOf(endsAt, timeZone);
  const end = format(timeZone, !sameDay).format(new Date(endsAt));
  return `${start} – ${end}`;
}

export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * When a session takes place, in the viewer's zone, and in the session's own zone beneath when the
 * two differ (a webinar held in Berlin seen from London), so nobody has to work out the offset.
 */
export function EventSessionTime({
  session,
}: {
  session: Pick<EventSessionView, 'startsAt' | 'endsAt' | 'timeZone'>;
}) {
  const mine = viewerZone();
  const theirs = session.timeZone;
  const differs =
    sessionSpan(session.startsAt, session.endsAt, mine) !==
    sessionSpan(session.startsAt, session.endsAt, theirs);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        <time dateTime={session.startsAt}>{sessionSpan(session.startsAt, session.endsAt, mine)}</time>
      </Text>
      {differs && (
        <Text size="xs" c="dimmed">
          {sessionSpan(session.startsAt, session.endsAt, theirs)} ({theirs})
        </Text>
      )}
    </Stack>
  );
}
