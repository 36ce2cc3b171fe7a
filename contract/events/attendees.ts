import * as v from 'valibot';
import { ADMIN_DEFAULT_LIMIT, adminListQuery, idFilterParam, recordVersion } from '../admin-list.ts';
import { limitParam, pageParam, searchParam } from '../list-query.ts';
import {
  ATTENDEE_STATES,
  type AttendeeState,
  type MeetingProvider,
  type SessionAttendance,
} from './model.ts';

/**
 * The people on events (spec 2 `/app/event-management/attendees`, `attendees/add`,
 * `attendees/edit/{attendeeId}`; record 029): who is invited, registered, waiting or cancelled, and
 * the attendance of each session. Seats are taken inside a transaction that locks the event, so
 * an event is never overbooked; a seat given up goes to the first on the waiting list.
 */
export const attendeePaths = {
  /**
   * GET `?page=&limit=&search=&event=&state=`: the attendees list (Paged<AttendeeRow>), searched by
   * the person's name or email. POST (AddAttendeesInput): put people, user groups or teams on an
   * event at once (AddAttendeesResult).
   */
  list: '/event/attendee',
  /** GET: one attendee with the event's sessions and their attendance (AttendeeDetail). PATCH (AttendeeUpdateInput). */
  one: (attendeeId: string) => `/event/attendee/${attendeeId}`,
  /**
   * PUT (MarkAttendanceInput): one session's attendance for many attendees at once, by default for
   * everyone holding a seat on the session's event (MarkAttendanceResult).
   */
  attendance: '/event/attendance',
  /**
   * GET `?kind=users|groups|teams&search=&page=&limit=`: enabled people, user groups or teams by name
   * (Paged<NamedRef>), for the Add Attendee pickers (the Attendees add right).
   */
  peopleOptions: '/event/attendee/people-options',
  /** GET `?page=&limit=&search=&when=upcoming|past`: sessions with a meeting link (Paged<VirtualMeetingRow>). */
  virtualMeetings: '/event/virtual-meeting',
} as const;

/** The Team Dashboard's 'Assign Events' tab: a lead acts on members of the teams they lead. */
export const teamEventPaths = {
  /** GET: upcoming published events with seats left and this team's members on each (TeamEvent[]). */
  events: (teamId: string) => `/team/${teamId}/event`,
  /** POST `{ userIds }`: registers members of the team (capacity and waiting list apply) (AddAttendeesResult). */
  register: (teamId: string, eventId: string) => `/team/${teamId}/event/${eventId}/attendee`,
  /** PATCH `{ state: 'cancelled' }`: takes a member of the team off an event; the first waiting gets the seat. */
  attendee: (teamId: string, attendeeId: string) => `/team/${teamId}/event/attendee/${attendeeId}`,
  /**
   * PUT (SessionMarkInput): one member's attendance of one session. The same mark sent twice (a
   * replay from the outbox) leaves one mark.
   */
  attendance: (teamId: string) => `/team/${teamId}/event/attendance`,
} as const;

/** The learner's own events: My Dashboard, Training Resources, the calendar. */
export const learnerEventPaths = {
  /** GET: the signed-in user's upcoming events, registered or waiting (MyEvent[]). */
  mine: '/user-portal/event',
  /** GET `?page=&limit=&search=`: published events open for registration (Paged<OpenEvent>). */
  open: '/user-portal/event/open',
  /** POST: registers the signed-in user (MyRegistration); a full event with a waiting list puts them on it. */
  register: (eventId: string) => `/user-portal/event/${eventId}/register`,
  /** POST: cancels the signed-in user's place (MyRegistration); a seat given up goes to the first waiting. */
  cancel: (eventId: string) => `/user-portal/event/${eventId}/cancel`,
  /** GET: the event's `.ics`, to add it to a calendar. */
  calendar: (eventId: string) => `/user-portal/event/${eventId}/calendar.ics`,
  /** POST: records that the user followed the session's Join link; answers the link (JoinAnswer). */
  join: (sessionId: string) => `/user-portal/event/session/${sessionId}/join`,
  /**
   * GET: whether the user has a private feed (CalendarFeedAnswer, `url` null: only a hash of the
   * address is kept, so it can be shown only once). POST, no body: a new address, shown once; the
   * old one stops. DELETE: revoke.
   */
  feed: '/user-portal/calendar-feed',
  /** GET, no sign-in: the feed of the person whose token it is (text/calendar), 404 once revoked. */
  publicFeed: (token: string) => `/calendar/${token}.ics`,
} as const;

/** The Join link opens this many minutes before a session starts, and stays open until it ends. */
export const JOIN_OPENS_MINUTES = 15;
/** The most people, groups and teams one add names, each. */
export const ATTENDEE_ADD_MAX = 1000;

export const attendeeMessages = {
  fetched: 'Attendees fetched successfully.',
  attendeeFetched: 'Attendee fetched successfully.',
  added: 'Attendees are added successfully.',
  updated: 'Attendee is updated successfully.',
  attendanceMarked: 'Attendance is marked successfully.',
  registered: 'You are registered for this event.',
  waitlisted: 'This event is full: you are on the waiting list.',
  cancelled: 'Your place is cancelled.',
  feedCreated: 'Your calendar address is ready.',
  feedRevoked: 'Your calendar address is revoked.',
  eventRequired: 'Event is required.',
  eventNotFound: 'This event no longer exists.',
  eventNotOpen: 'This event is not open for registration.',
  eventFull: 'This event is full.',
  peopleRequired: 'Choose at least one person, user group or team.',
  peopleInvalid: 'People, user groups and teams must be lists of ids.',
  peopleTooMany: `Choose at most ${ATTENDEE_ADD_MAX} people, user groups or teams each.`,
  peopleNotFound: 'Every person, user group and team must exist.',
  addStateInvalid: 'State must be registered or invited.',
  stateInvalid: 'State must be invited, registered or cancelled.',
  sessionRequired: 'Session is required.',
  sessionNotFound: 'This session no longer exists.',
  attendeeNotFound: 'This attendee no longer exists.',
  attendanceInvalid: 'Attendance must be attended or absent.',
  attendanceNotSeated: 'Only people holding a seat have attendance.',
  attendanceSessionOther: "This session is not one of the event's sessions.",
  attendanceTooEarly: 'Attendance can be marked once the session has started.',
  notMember: 'You can act only on members of the teams you lead.',
  notOnEvent: 'You are not on this event.',
  joinClosed: `The Join link opens ${JOIN_OPENS_MINUTES} minutes before the session and closes when it ends.`,
  notVirtual: 'This session has no meeting link.',
  cancelClosed: 'This event has taken place: your place can no longer be cancelled.',
  noBody: 'This request takes no body.',
  eventsFetched: 'Events fetched successfully.',
  feedFetched: 'Calendar address fetched successfully.',
  joined: 'Join the session.',
} as const;

/** GET /user-portal/event/open: page, limit and search (the event's title). */
export const openEventListQuery = v.object({
  page: pageParam,
  limit: limitParam(ADMIN_DEFAULT_LIMIT),
  search: searchParam,
});
export type OpenEventListQuery = v.InferOutput<typeof openEventListQuery>;

/** GET /event/attendee: page, limit, search (name or email), `event` and `state`. */
export const attendeeListQuery = adminListQuery({
  event: idFilterParam,
  state: v.fallback(v.optional(v.picklist(ATTENDEE_STATES)), undefined),
});
export type AttendeeListQuery = v.InferOutput<typeof attendeeListQuery>;

/** GET /event/virtual-meeting: upcoming (not yet ended, soonest first) or past (latest first). */
export const virtualMeetingListQuery = adminListQuery({
  when: v.fallback(v.optional(v.picklist(['upcoming', 'past']), 'upcoming'), 'upcoming'),
});
export type VirtualMeetingListQuery = v.InferOutput<typeof virtualMeetingListQuery>;

const idList = v.pipe(
  v.array(
    v.pipe(v.string(attendeeMessages.peopleInvalid), v.uuid(attendeeMessages.peopleInvalid)),
    attendeeMessages.peopleInvalid,
  ),
  v.maxLength(ATTENDEE_ADD_MAX, attendeeMessages.peopleTooMany),
);

/** POST /event/attendee. `state` registered (default: a seat, else the waiting list) or invited. */
export const addAttendeesSchema = v.pipe(
  v.object({
    eventId: v.pipe(v.string(attendeeMessages.eventRequired), v.uuid(attendeeMessages.eventRequired)),
    userIds: v.optional(idList, []),
    groupIds: v.optional(idList, []),
    teamIds: v.optional(idList, []),
    state: v.optional(v.picklist(['registered', 'invited'], attendeeMessages.addStateInvalid), 'registered'),
  }),
  v.forward(
    v.check(
      (input) => input.userIds.length + input.groupIds.length + input.teamIds.length > 0,
      attendeeMessages.peopleRequired,
    ),
    ['userIds'],
  ),
);
export type AddAttendeesInput = v.InferInput<typeof addAttendeesSchema>;

/** POST `/team/{teamId}/event/{eventId}/attendee`: members of the team to register. */
export const teamRegisterSchema = v.object({
  userIds: v.pipe(idList, v.minLength(1, attendeeMessages.peopleRequired)),
});
export type TeamRegisterInput = v.InferInput<typeof teamRegisterSchema>;

/**
 * PATCH /event/attendee/{id}: a new state (registered takes a seat or a place on the waiting list;
 * cancelled gives it up) and/or attendance of some sessions (null clears a mark), with `version`.
 */
export const attendeeUpdateSchema = v.object({
  version: recordVersion,
  state: v.optional(v.picklist(['invited', 'registered', 'cancelled'], attendeeMessages.stateInvalid)),
  attendance: v.optional(
    v.pipe(
      v.array(
        v.object({
          sessionId: v.pipe(
            v.string(attendeeMessages.sessionRequired),
            v.uuid(attendeeMessages.sessionRequired),
          ),
          state: v.nullable(v.picklist(['attended', 'absent'], attendeeMessages.attendanceInvalid)),
        }),
      ),
      v.maxLength(50),
    ),
    [],
  ),
});
export type AttendeeUpdateInput = v.InferInput<typeof attendeeUpdateSchema>;

/**
 * PATCH `/team/{teamId}/event/attendee/{id}`: a lead cancels a member's place. With the member's
 * `version` from the list, a place changed since (by an admin, the member) is answered 409.
 */
export const teamAttendeeUpdateSchema = v.object({
  state: v.picklist(['cancelled'], attendeeMessages.stateInvalid),
  version: v.optional(recordVersion),
});
export type TeamAttendeeUpdateInput = v.InferInput<typeof teamAttendeeUpdateSchema>;

/** PUT /event/attendance. Without `attendeeIds`: everyone holding a seat on the session's event. */
export const markAttendanceSchema = v.object({
  sessionId: v.pipe(v.string(attendeeMessages.sessionRequired), v.uuid(attendeeMessages.sessionRequired)),
  state: v.picklist(['attended', 'absent'], attendeeMessages.attendanceInvalid),
  attendeeIds: v.optional(idList),
});
export type MarkAttendanceInput = v.InferInput<typeof markAttendanceSchema>;

/** PUT `/team/{teamId}/event/attendance`: one mark, safe to replay. */
export const sessionMarkSchema = v.object({
  attendeeId: v.pipe(v.string(attendeeMessages.attendeeNotFound), v.uuid(attendeeMessages.attendeeNotFound)),
  sessionId: v.pipe(v.string(attendeeMessages.sessionRequired), v.uuid(attendeeMessages.sessionRequired)),
  state: v.picklist(['attended', 'absent'], attendeeMessages.attendanceInvalid),
});
export type SessionMarkInput = v.InferInput<typeof sessionMarkSchema>;

/** How an add went: how many took a seat, waited, were invited, were on already, or found it full. */
export type AddAttendeesResult = {
  registered: number;
  waitlisted: number;
  invited: number;
  alreadyOn: number;
  /** Full with no waiting list: not added. */
  full: number;
};

export type MarkAttendanceResult = { marked: number };

/** A row of the Attendees list. `waitlistPosition` is 1 for the first waiting, null when not waiting. */
export type AttendeeRow = {
  _id: string;
  eventId: string;
  eventTitle: string;
  userId: string;
  name: string;
  email: string;
  state: AttendeeState;
  waitlistPosition: number | null;
  /** Sessions marked attended, out of the event's sessions. */
  attendedSessions: number;
  sessionCount: number;
  createdAt: string;
  version: number;
};

export type AttendeeSession = {
  id: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  meetingUrl: string | null;
  attendance: SessionAttendance | null;
  markedAt: string | null;
  /** When they followed the Join link: a hint for whoever marks attendance. */
  joinedAt: string | null;
};

/** GET /event/attendee/{id}. */
export type AttendeeDetail = AttendeeRow & {
  eventTimeZone: string;
  capacity: number | null;
  waitlist: boolean;
  sessions: AttendeeSession[];
};

/** A row of the Virtual Meetings list: one session with a link. */
export type VirtualMeetingRow = {
  sessionId: string;
  eventId: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  meetingUrl: string;
  meetingProvider: MeetingProvider;
  /** People holding a seat, and how many of them followed the Join link. */
  seated: number;
  joined: number;
};

/** A session as a person on the event sees it. */
export type EventSessionView = {
  id: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  /** The location's title or the address; null when only online. */
  place: string | null;
  meetingUrl: string | null;
  meetingProvider: MeetingProvider | null;
  /** From this instant until `endsAt` the Join link works. */
  joinOpensAt: string;
};

/** An event on the Team Dashboard's Assign Events tab, with the team's members on it. */
export type TeamEvent = {
  _id: string;
  title: string;
  categoryTitle: string | null;
  timeZone: string;
  capacity: number | null;
  /** Null: no limit. */
  seatsLeft: number | null;
  waitlist: boolean;
  waitingCount: number;
  sessions: EventSessionView[];
  members: {
    attendeeId: string;
    userId: string;
    firstName: string;
    lastName: string;
    state: AttendeeState;
    waitlistPosition: number | null;
    /** The place's version, for the cancel. */
    version: number;
    /** sessionId → the mark, for the sessions marked. */
    attendance: Record<string, SessionAttendance>;
    joined: Record<string, string>;
  }[];
};

/** An event of the signed-in user's: My Dashboard. */
export type MyEvent = {
  _id: string;
  title: string;
  categoryTitle: string | null;
  timeZone: string;
  state: AttendeeState;
  waitlistPosition: number | null;
  sessions: EventSessionView[];
};

/** An event open for registration: Training Resources. `myState` null when not on it. */
export type OpenEvent = {
  _id: string;
  title: string;
  categoryTitle: string | null;
  description: string;
  timeZone: string;
  seatsLeft: number | null;
  waitlist: boolean;
  registrationClosesAt: string | null;
  sessions: EventSessionView[];
  myState: AttendeeState | null;
  waitlistPosition: number | null;
};

export type MyRegistration = { eventId: string; state: AttendeeState; waitlistPosition: number | null };
export type JoinAnswer = { url: string };
/**
 * The private feed. `url` is given only by the POST that makes it (the server keeps its hash
 * alone); GET answers whether one is active and since when.
 */
export type CalendarFeedAnswer = { url: string | null; active: boolean; createdAt: string | null };
