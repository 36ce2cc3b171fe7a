import type { AttendeeRow } from '@contract/events/attendees';
import type { AttendeeState } from '@contract/events/model';

export const STATE_LABELS: Record<AttendeeState, string> = {
  invited: 'Invited',
  registered: 'Registered',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
  attended: 'Attended',
  absent: 'Absent',
};

export const STATE_COLORS: Record<AttendeeState, string> = {
  invited: 'blue',
  registered: 'teal',
  waitlisted: 'orange',
  cancelled: 'gray',
  attended: 'green',
  absent: 'red',
};

/** 'Waitlisted (#3)' for the third waiting, else the state's label. */
export function stateText(row: Pick<AttendeeRow, 'state' | 'waitlistPosition'>): string {
  const label = STATE_LABELS[row.state];
  return row.state === 'waitlisted' && row.waitlistPosition !== null
    ? `${label} (#${row.waitlistPosition})`
    : label;
}

/** '1 / 2 sessions': sessions marked attended out of the event's. */
export function attendanceText(row: Pick<AttendeeRow, 'attendedSessions' | 'sessionCount'>): string {
  return `${row.attendedSessions} / ${row.sessionCount} ${row.sessionCount === 1 ? 'session' : 'sessions'}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string | undefined, withDate: boolean) {
  const key = `${timeZone ?? ''}|${withDate}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(undefined, {
      ...(withDate ? { dateStyle: 'medium' } : {}),
      timeStyle: 'short',
      timeZone,
    });
    formats.set(key, found);
  }
  return found;
}

/** A moment as the clock in `timeZone` reads it (the viewer's when left out): 'Mar 14, 2031, 9:30 AM'. */
export function formatInZone(iso: string, timeZone?: string): string {
  return format(timeZone, true).format(new Date(iso));
}

/**
 * A session's start and end in `timeZone`, the end's date left out on the same day:
 * 'Mar 14, 2031, 9:30 AM – 11:00 AM'.
 */
export function sessionSpan(startsAt: string, endsAt: string, timeZone?: string): string {
  const start = formatInZone(startsAt, timeZone);
  const sameDay =
    new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(new Date(startsAt)) ===
    new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(new Date(endsAt));
  const end = sameDay ? format(timeZone, false).format(new Date(endsAt)) : formatInZone(endsAt, timeZone);
  return `${start} – ${end}`;
}
