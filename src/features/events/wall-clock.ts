import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/** How Mantine's date-time picker writes a value: a wall-clock time with no zone. */
const WALL_CLOCK = 'YYYY-MM-DD HH:mm:ss';

/** The zone this device shows times in, e.g. 'Europe/London'. */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's offset from UTC at an instant, in minutes, read from Intl's calendar fields. Not
 * dayjs's timezone plugin: `dayjs.tz` reads a wall-clock time in the device's zone first, and gives
 * the wrong hour when the device's own clocks change near it (a viewer in Los Angeles setting a
 * New York session on 8 March 2026 got 04:30 for 03:30).
 */
function offsetAt(epochMs: number, zone: string): number {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormats.set(zone, format);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(format.formatToParts(epochMs).find((entry) => entry.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((asUtc - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

/**
 * A wall-clock time ('2026-03-30 09:00:00') in an IANA zone as an ISO instant with that day's
 * offset ('2026-03-30T09:00:00+01:00'). The offset is the one in force at that time of that date,
 * not today's, so a session set across a daylight-saving change keeps the time it was given. A time
 * the change skips (01:30 in London on 29 March 2026) takes the offset after the change.
 */
export function wallClockToInstant(wallClock: string, zone: string): string {
  const asUtc = dayjs.utc(wallClock).valueOf();
  // Guess with the offset an instant of that wall-clock reading has, then correct it once: the
  // offset at the guess is the right one unless the guess crossed the change.
  const first = offsetAt(asUtc, zone);
  const second = offsetAt(asUtc - first * 60_000, zone);
  const offset = first === second ? first : offsetAt(asUtc - second * 60_000, zone);
  // The time as given, with the offset written after it. Not dayjs's `utcOffset(offset)`, which
  // goes through the device's offset as well.
  return `${dayjs.utc(asUtc).format('YYYY-MM-DDTHH:mm:ss')}${offsetText(offset)}`;
}

/** An offset in minutes as ISO writes it: 'Z', '+01:00', '-04:00', '+05:30'. */
function offsetText(minutes: number): string {
  if (minutes === 0) return 'Z';
  const sign = minutes > 0 ? '+' : '-';
  const whole = Math.abs(minutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${sign}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** An instant as the wall-clock time it is in an IANA zone, as the date-time picker takes it. */
export function instantToWallClock(instant: string, zone: string): string {
  const epochMs = Date.parse(instant);
  return dayjs.utc(epochMs + offsetAt(epochMs, zone) * 60_000).format(WALL_CLOCK);
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string, options: Intl.DateTimeFormatOptions, locale?: string) {
  const key = `${locale ?? ''}|${zone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    formats.set(key, format);
  }
  return format;
}

const DATE_TIME = { dateStyle: 'medium', timeStyle: 'short' } as const;

/** A wall-clock value as the user's locale writes it ('Mar 30, 2026, 9:00 AM'), whatever the device's zone. */
export function formatWallClock(wallClock: string, locale?: string): string {
  const date = dayjs.utc(wallClock);
  return date.isValid() ? formatter('UTC', DATE_TIME, locale).format(date.toDate()) : wallClock;
}

/** An instant in a zone, with the date: 'Mar 30, 2026, 9:00 AM'. */
export function formatInstantIn(instant: string, zone: string, locale?: string): string {
  return formatter(zone, DATE_TIME, locale).format(new Date(instant));
}

/**
 * A session's times in the event's zone and, when they read differently there, in the viewer's:
 * 'Mar 30, 2026, 9:00 – 5:00 PM Europe/London · 10:00 AM – 6:00 PM your time'.
 */
export function formatSessionTimes(
  session: { startsAt: string; endsAt: string },
  eventZone: string,
  viewerZone = viewerTimeZone(),
  locale?: string,
): string {
  const start = new Date(session.startsAt);
  const end = new Date(session.endsAt);
  const there = formatter(eventZone, DATE_TIME, locale).formatRange(start, end);
  const here = formatter(viewerZone, DATE_TIME, locale).formatRange(start, end);
  return here === there ? `${there} ${eventZone}` : `${there} ${eventZone} · ${here} your time`;
}
