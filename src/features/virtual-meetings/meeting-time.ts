import { JOIN_OPENS_MINUTES } from '@contract/events/attendees';
import type { MeetingProvider } from '@contract/events/model';

export const PROVIDER_LABELS: Record<MeetingProvider, string> = {
  zoom: 'Zoom',
  teams: 'Teams',
  meet: 'Meet',
  webex: 'Webex',
  other: 'Other',
};

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, withDate: boolean) {
  const key = `${timeZone}|${withDate}`;
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

const dayIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(new Date(iso));

/** 'Mar 14, 2031, 9:30 AM – 11:00 AM' in the session's zone; the end's date only when another day. */
export function meetingSpan(startsAt: string, endsAt: string, timeZone: string): string {
  const start = format(timeZone, true).format(new Date(startsAt));
  const end =
    dayIn(startsAt, timeZone) === dayIn(endsAt, timeZone)
      ? format(timeZone, false).format(new Date(endsAt))
      : format(timeZone, true).format(new Date(endsAt));
  return `${start} – ${end}`;
}

/** When the Join link opens: JOIN_OPENS_MINUTES before the start. */
export const joinOpensAt = (startsAt: string) => Date.parse(startsAt) - JOIN_OPENS_MINUTES * 60_000;

/** Whether the Join link works at `now`: from its opening until the session ends. */
export const joinOpen = (startsAt: string, endsAt: string, now: number) =>
  now >= joinOpensAt(startsAt) && now < Date.parse(endsAt);

/** A moment in the viewer's zone, for the closed link's tooltip. */
export const viewerTime = (at: number) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
