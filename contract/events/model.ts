/**
 * The words of the events model that the server's tables, the API and the screens share (record
 * 029): an attendee's states and the virtual meeting providers a link is recognised as.
 */

/**
 * Where a person stands on an event. `invited` has not answered; `registered` holds a seat;
 * `waitlisted` waits for one, first come first served; `cancelled` gave theirs up (or was taken
 * off); `attended` and `absent` are the outcome once attendance is marked for every session.
 */
export const ATTENDEE_STATES = [
  'invited',
  'registered',
  'waitlisted',
  'cancelled',
  'attended',
  'absent',
] as const;
export type AttendeeState = (typeof ATTENDEE_STATES)[number];

/** Who holds a seat: counted against the capacity. */
export const SEATED_STATES = ['registered', 'attended', 'absent'] as const satisfies readonly AttendeeState[];

/** A session's attendance as marked by a lead or an admin. */
export const SESSION_ATTENDANCE = ['attended', 'absent'] as const;
export type SessionAttendance = (typeof SESSION_ATTENDANCE)[number];

/** The providers a meeting link is recognised as, from its host; any other https link is `other`. */
export const MEETING_PROVIDERS = ['zoom', 'teams', 'meet', 'webex', 'other'] as const;
export type MeetingProvider = (typeof MEETING_PROVIDERS)[number];
