import type { AdminRow } from '../admin-list.ts';
import { defineResource, resourcePaths } from '../resource.ts';
import type { MeetingProvider } from './model.ts';

/**
 * Events (spec 2 `/app/event-management/event`, `event/add`, `event/edit/{eventId}`; record 029):
 * a classroom day, a workshop over several days or a webinar, filed under an event category, with
 * one or more sessions, each at a place, at a meeting link or both.
 */
export const eventResource = defineResource({
  path: '/event',
  module: 'event-management',
  submodule: 'event',
  statusWords: 'publish',
  noun: 'event',
});

/**
 * `GET /event` (page, limit, search by title, status, category), `GET`/`PATCH /event/{id}`,
 * `POST /event`, and the shared status and delete routes. A PATCH replaces the sessions by the list
 * sent: a session sent with its `id` keeps it (and its attendance), one left out is deleted.
 */
export const eventPaths = resourcePaths(eventResource);

/**
 * GET `?search=&page=&limit=`: enabled users by name (Paged<NamedRef>), for the form's instructors
 * (the Events add or edit right). `kind` is always users.
 */
export const eventInstructorOptionsPath = '/event/instructor-options';

export const EVENT_TITLE_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5000;
/** Seats of one event; a larger number is a typing slip rather than a room or a webinar. */
export const EVENT_CAPACITY_MAX = 10_000;
export const EVENT_MAX_SESSIONS = 20;
export const EVENT_MAX_INSTRUCTORS = 50;
export const EVENT_ADDRESS_MAX = 500;
export const EVENT_MEETING_URL_MAX = 2000;

export const eventMessages = {
  titleRequired: 'Event Title is required.',
  titleTooLong: `Event Title must be at most ${EVENT_TITLE_MAX} characters.`,
  categoryRequired: 'Event Category is required.',
  categoryNotFound: 'This event category no longer exists.',
  descriptionTooLong: `Description must be at most ${EVENT_DESCRIPTION_MAX} characters.`,
  timeZoneInvalid: 'Time zone must be an IANA time zone, such as Europe/London.',
  capacityInvalid: `Capacity must be a whole number from 1 to ${EVENT_CAPACITY_MAX}, or empty for no limit.`,
  waitlistInvalid: 'Waiting list must be true or false.',
  registrationOpensInvalid: 'Registration opens must be a date and time with its offset, or empty.',
  registrationClosesInvalid: 'Registration closes must be a date and time with its offset, or empty.',
  registrationOrder: 'Registration must close after it opens.',
  statusInvalid: 'Status must be true or false.',
  instructorsInvalid: 'Instructors must be a list of users.',
  instructorsTooMany: `An event has at most ${EVENT_MAX_INSTRUCTORS} instructors.`,
  instructorsNotFound: 'Every instructor must be an existing user.',
  sessionsRequired: 'An event needs at least one session.',
  sessionsTooMany: `An event has at most ${EVENT_MAX_SESSIONS} sessions.`,
  sessionInvalid: 'Each session must have a start, an end and a place or a meeting link.',
  sessionIdInvalid: "This session is not one of the event's sessions.",
  sessionIdRepeated: 'This session is listed twice.',
  startsAtInvalid: 'Start must be a date and time with its offset.',
  endsAtInvalid: 'End must be a date and time with its offset.',
  endsBeforeStart: 'End must be after the start.',
  placeRequired: 'A session needs a location, an address or a meeting link.',
  placeTwice: 'Choose a location or enter an address, not both.',
  locationInvalid: 'Location must be one of the locations.',
  locationNotFound: 'This location no longer exists.',
  addressTooLong: `Address must be at most ${EVENT_ADDRESS_MAX} characters.`,
  meetingUrlInvalid: 'Meeting link must be an https:// address.',
  meetingUrlTooLong: `Meeting link must be at most ${EVENT_MEETING_URL_MAX} characters.`,
} as const;

/**
 * A row of the Events list. Seats taken are the registered, attended and absent (SEATED_STATES);
 * `firstSessionStartsAt` is the earliest session's start.
 */
export type EventRow = AdminRow & {
  title: string;
  categoryId: string | null;
  categoryTitle: string | null;
  /** The IANA zone the event is shown in: the first session's start is shown in it. */
  timeZone: string;
  firstSessionStartsAt: string | null;
  sessionCount: number;
  /** Null: no limit. */
  capacity: number | null;
  seatsTaken: number;
  waitingCount: number;
  createdAt: string;
};

/**
 * A session as the form edits it. It carries `id` (not `_id`), the key a PATCH takes, so a session
 * read and sent back keeps its id and its attendance.
 */
export type EventSessionDetail = {
  id: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  locationId: string | null;
  locationTitle: string | null;
  address: string | null;
  meetingUrl: string | null;
  meetingProvider: MeetingProvider | null;
};

/** GET /event/{id}: the row, the fields of the form, its sessions in order and its instructors. */
export type EventDetail = EventRow & {
  description: string;
  waitlist: boolean;
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  /** Raised on every update, so calendars update their entries in place. */
  sequence: number;
  instructors: { _id: string; name: string }[];
  sessions: EventSessionDetail[];
};
