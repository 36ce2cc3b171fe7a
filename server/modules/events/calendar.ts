import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  type ICalCalendar,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { calendarTimeZone, vtimezoneComponent } from './calendar-timezones.ts';

/**
 * iCalendar text for events: the `.ics` attached to an invitation or a cancellation, and a
 * person's private feed. Pure functions of what the caller read; nothing here touches the database.
 *
 * Usage:
 *   const ics = eventInvitation(
 *     { event, sessions, appHost: new URL(env.appUrl).host },
 *     { method: 'REQUEST', attendee: { email, name, partStat: 'ACCEPTED' } },
 *   );
 */

// ical-generator writes a native Date with a TZID in the server process's own zone; a Day.js
// date with its zone plugin is written as the wall-clock time in the session's zone instead.
dayjs.extend(utc);
dayjs.extend(timezone);

export interface CalendarSession {
  id: string;
  startsAt: Date;
  endsAt: Date;
  /** IANA zone the session is held in (`Europe/Berlin`): its times are written in it. */
  timeZone: string;
  /** The place's title or address; null for a session held only online. */
  place: string | null;
  meetingUrl: string | null;
}

export interface CalendarEvent {
  id: string;
  title: string;
  description: string | null;
  /** Raised by the caller on every change people should see: calendars keep the highest. */
  sequence: number;
  /** Who the invitation comes from: the app's mail sender. */
  organizer: { email: string; name: string };
}

export interface CalendarEventInput {
  event: CalendarEvent;
  sessions: readonly CalendarSession[];
  /** The app's host (`training.example.com`), which makes every UID unique to this app. */
  appHost: string;
}

export interface CalendarAttendee {
  email: string;
  name: string;
  partStat: 'NEEDS-ACTION' | 'ACCEPTED' | 'TENTATIVE' | 'DECLINED';
}

const partStats: Record<CalendarAttendee['partStat'], ICalAttendeeStatus> = {
  'NEEDS-ACTION': ICalAttendeeStatus.NEEDSACTION,
  ACCEPTED: ICalAttendeeStatus.ACCEPTED,
  TENTATIVE: ICalAttendeeStatus.TENTATIVE,
  DECLINED: ICalAttendeeStatus.DECLINED,
};

/**
 * The UID of one session's entry. One per session, not per event, so each session is its own entry;
 * it never changes, so Outlook and Google update the entry in place when SEQUENCE rises, and a
 * cancellation naming it removes that entry.
 */
export const sessionUid = (sessionId: string, appHost: string) => `${sessionId}@${appHost}`;

/**
 * The `.ics` sent to one person: METHOD:REQUEST adds or updates the event's sessions in their
 * calendar, METHOD:CANCEL removes them (send only the removed sessions when an event loses one).
 */
export function eventInvitation(
  input: CalendarEventInput,
  options: { method: 'REQUEST' | 'CANCEL'; attendee: CalendarAttendee },
): string {
  const cancel = options.method === 'CANCEL';
  const calendar = newCalendar(cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST);
  addSessions(calendar, input, {
    // RFC 5546 §3.2.2 and §3.2.5: a REQUEST or CANCEL names its organizer and its attendees.
    organizer: input.event.organizer,
    attendee: options.attendee,
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return text(calendar);
}

/**
 * A person's private feed: every session of the events given. No METHOD, since a subscribed feed
 * is not a scheduling message, and no ORGANIZER or ATTENDEE, so no calendar offers to answer it.
 */
export function calendarFeed(events: readonly CalendarEventInput[], options: { name: string }): string {
  // REFRESH-INTERVAL asks subscribers to fetch again hourly; some calendars keep their own pace.
  const calendar = newCalendar(null)
    .name(options.name)
    .ttl(60 * 60);
  for (const input of events) addSessions(calendar, input, { status: ICalEventStatus.CONFIRMED });
  return text(calendar);
}

/** RFC 5545 ends every line with CRLF, the last too; ical-generator leaves the last one off. */
function text(calendar: ICalCalendar): string {
  return `${calendar.toString()}\r\n`;
}

function newCalendar(method: ICalCalendarMethod | null): ICalCalendar {
  return ical({
    prodId: { company: 'Training Admin', product: 'Events', language: 'EN' },
    method,
    // No calendar-wide zone (times stay per session); the generator writes one VTIMEZONE per zone used.
    timezone: { name: null, generator: vtimezoneComponent },
  });
}

function addSessions(
  calendar: ICalCalendar,
  { event, sessions, appHost }: CalendarEventInput,
  entry: {
    status: ICalEventStatus;
    organizer?: CalendarEvent['organizer'];
    attendee?: CalendarAttendee;
  },
) {
  for (const session of sessions) {
    const zone = calendarTimeZone(session.timeZone);
    calendar.createEvent({
      id: sessionUid(session.id, appHost),
      sequence: event.sequence,
      timezone: zone,
      start: dayjs(session.startsAt).tz(zone),
      end: dayjs(session.endsAt).tz(zone),
      summary: event.title,
      description: sessionDescription(event.description, session.meetingUrl),
      location: session.place ?? session.meetingUrl,
      // ical-generator escapes `;` and `,` here as in text, which a URI value does not want;
      // meeting links (Teams, Zoom, Meet) seldom carry them unencoded.
      url: session.meetingUrl,
      status: entry.status,
      organizer: entry.organizer ?? null,
      attendees: entry.attendee
        ? [
            {
              email: entry.attendee.email,
              name: entry.attendee.name,
              role: ICalAttendeeRole.REQ,
              status: partStats[entry.attendee.partStat],
            },
          ]
        : [],
    });
  }
}

/** Outlook does not show URL, and not every calendar links a LOCATION: the description carries the link too. */
function sessionDescription(description: string | null, meetingUrl: string | null): string | null {
  const parts = [description?.trim(), meetingUrl && `Join online: ${meetingUrl}`].filter(Boolean);
  return parts.length > 0 ? parts.join('\n\n') : null;
}
