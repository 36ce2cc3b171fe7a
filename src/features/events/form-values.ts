import type { FieldErrors } from '@contract/envelope';
import type { EventDetail, EventSessionDetail } from '@contract/events/resource';
import type { EventInput, EventUpdateInput } from '@contract/events/schemas';
import { instantToWallClock, viewerTimeZone, wallClockToInstant } from './wall-clock';

/**
 * A session as the form holds it: its start and end as wall-clock times ('2026-03-30 09:00:00') in
 * its own zone, turned into instants only when sent, each with the offset of its own date.
 */
export type SessionFormValues = {
  /** Kept from the saved session, so an update keeps it and its attendance. */
  id?: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  locationId: string;
  /** The saved location's title, for the select to show before its list arrives; not sent. */
  locationTitle: string;
  address: string;
  meetingUrl: string;
};

export type EventFormValues = {
  title: string;
  categoryId: string;
  description: string;
  timeZone: string;
  /** '' for no limit. */
  capacity: number | '';
  waitlist: boolean;
  /** Wall-clock times in the event's zone; '' for none. */
  registrationOpensAt: string;
  registrationClosesAt: string;
  instructorIds: string[];
  status: boolean;
  sessions: SessionFormValues[];
  version: number;
};

export const emptySession = (timeZone: string): SessionFormValues => ({
  startsAt: '',
  endsAt: '',
  timeZone,
  locationId: '',
  locationTitle: '',
  address: '',
  meetingUrl: '',
});

/** A new event is in the viewer's zone, published, with a waiting list and one session to fill in. */
export function emptyEventValues(zone = viewerTimeZone()): EventFormValues {
  return {
    title: '',
    categoryId: '',
    description: '',
    timeZone: zone,
    capacity: '',
    waitlist: true,
    registrationOpensAt: '',
    registrationClosesAt: '',
    instructorIds: [],
    status: true,
    sessions: [emptySession(zone)],
    version: 1,
  };
}

const toSessionValues = (session: EventSessionDetail): SessionFormValues => ({
  id: session.id,
  startsAt: instantToWallClock(session.startsAt, session.timeZone),
  endsAt: instantToWallClock(session.endsAt, session.timeZone),
  timeZone: session.timeZone,
  locationId: session.locationId ?? '',
  locationTitle: session.locationTitle ?? '',
  address: session.address ?? '',
  meetingUrl: session.meetingUrl ?? '',
});

const wallClockOrEmpty = (instant: string | null, zone: string) =>
  instant === null ? '' : instantToWallClock(instant, zone);

export const toEventFormValues = (event: EventDetail): EventFormValues => ({
  title: event.title,
  categoryId: event.categoryId ?? '',
  description: event.description,
  timeZone: event.timeZone,
  capacity: event.capacity ?? '',
  waitlist: event.waitlist,
  registrationOpensAt: wallClockOrEmpty(event.registrationOpensAt, event.timeZone),
  registrationClosesAt: wallClockOrEmpty(event.registrationClosesAt, event.timeZone),
  instructorIds: event.instructors.map((instructor) => instructor._id),
  status: event.status,
  sessions: event.sessions.map(toSessionValues),
  version: event.version,
});

/** A wall-clock time as an instant in the zone; an empty one (or one in no zone yet) stays empty for the schema to name. */
const toInstant = (wallClock: string, zone: string) =>
  wallClock === '' || zone === '' ? '' : wallClockToInstant(wallClock, zone);

const toSession = (session: SessionFormValues) => ({
  ...(session.id === undefined ? {} : { id: session.id }),
  startsAt: toInstant(session.startsAt, session.timeZone),
  endsAt: toInstant(session.endsAt, session.timeZone),
  timeZone: session.timeZone,
  locationId: session.locationId,
  address: session.address,
  meetingUrl: session.meetingUrl,
});

export const toEventInput = (values: EventFormValues): EventInput => ({
  title: values.title,
  categoryId: values.categoryId,
  description: values.description,
  timeZone: values.timeZone,
  capacity: values.capacity === '' ? null : values.capacity,
  waitlist: values.waitlist,
  registrationOpensAt: toInstant(values.registrationOpensAt, values.timeZone),
  registrationClosesAt: toInstant(values.registrationClosesAt, values.timeZone),
  instructorIds: values.instructorIds,
  status: values.status,
  sessions: values.sessions.map(toSession),
});

export const toEventUpdate = (values: EventFormValues): EventUpdateInput => ({
  ...toEventInput(values),
  version: values.version,
});

/**
 * The schema's and the server's keys as the form's field names: `sessions.0.startsAt` is the
 * field `sessions[0].startsAt`; a session's own message (no place given) goes under its location,
 * and an instructor's under the instructors.
 */
export function placeEventErrors(errors: FieldErrors): FieldErrors {
  const placed: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    let name = key;
    if (key.startsWith('instructorIds.')) name = 'instructorIds';
    else if (/^sessions\.\d+$/.test(key)) name = `${key}.locationId`;
    else if (/^sessions\.\d+\.id$/.test(key)) name = key.replace(/\.id$/, '.startsAt');
    name = name.replace(/\.(\d+)/g, '[$1]');
    placed[name] ??= message;
  }
  return placed;
}
