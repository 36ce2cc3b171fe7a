import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ATTENDEE_STATES,
  type AttendeeState,
  MEETING_PROVIDERS,
  type MeetingProvider,
  SESSION_ATTENDANCE,
  type SessionAttendance,
} from '../../../contract/events/model.ts';
import { createdAt, id, quoted, timestampTz, trigram, updatedAt, version } from '../columns.ts';
import { eventCategories } from './event-categories.ts';
import { locations } from './lookups.ts';
import { users } from './users.ts';

/**
 * Events (record 029): a classroom day, a workshop over two days or a webinar, filed under a
 * category, with one or more sessions. The capacity counts seats across the whole event (a person
 * registers for all its sessions); with `waitlist` on, the registrations past it wait in line.
 * `sequence` is raised on every change a calendar should see, so the `.ics` updates in place.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    title: text('title').notNull(),
    categoryId: uuid('category_id').references(() => eventCategories.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    /** The IANA zone the event is shown in; each session keeps its own. */
    timeZone: text('time_zone').notNull(),
    /** Seats; null: no limit. */
    capacity: integer('capacity'),
    waitlist: boolean('waitlist').notNull().default(true),
    registrationOpensAt: timestampTz('registration_opens_at'),
    registrationClosesAt: timestampTz('registration_closes_at'),
    status: boolean('status').notNull().default(true),
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('events_capacity_check', sql`${t.capacity} is null or ${t.capacity} > 0`),
    check(
      'events_registration_check',
      sql`${t.registrationOpensAt} is null or ${t.registrationClosesAt} is null or ${t.registrationClosesAt} > ${t.registrationOpensAt}`,
    ),
    index('events_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('events_category_idx').on(t.categoryId),
    trigram('events_title_trgm_idx', t.title),
  ],
);

/**
 * A session of an event: a start and an end stored as instants, with the IANA zone they were
 * set in (so a session keeps its wall-clock time across a daylight-saving change, and is shown in
 * its zone and the viewer's). It takes place at a location, at an address, or at a meeting link,
 * or at a place and a link at once (a hybrid session).
 */
export const eventSessions = pgTable(
  'event_sessions',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    startsAt: timestampTz('starts_at').notNull(),
    endsAt: timestampTz('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    address: text('address'),
    meetingUrl: text('meeting_url'),
    meetingProvider: text('meeting_provider').$type<MeetingProvider>(),
  },
  (t) => [
    check('event_sessions_times_check', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'event_sessions_provider_check',
      sql`(${t.meetingUrl} is null) = (${t.meetingProvider} is null) and (${t.meetingProvider} is null or ${t.meetingProvider} in (${quoted(MEETING_PROVIDERS)}))`,
    ),
    uniqueIndex('event_sessions_position_idx').on(t.eventId, t.position),
    index('event_sessions_starts_idx').on(t.startsAt),
    // The Virtual Meetings screen: sessions with a link, upcoming first.
    index('event_sessions_virtual_idx').on(t.startsAt).where(sql`${t.meetingUrl} is not null`),
  ],
);

/** The people who lead an event's sessions. */
export const eventInstructors = pgTable(
  'event_instructors',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_instructors_user_idx').on(t.userId)],
);

/**
 * A person on an event, at most once, in one of ATTENDEE_STATES. Seats are taken inside a
 * transaction that locks the event's row, so the seated never outnumber the capacity. The waiting
 * list is served in `waitlistedAt` order (then id, for ties).
 */
export const eventAttendees = pgTable(
  'event_attendees',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<AttendeeState>().notNull(),
    waitlistedAt: timestampTz('waitlisted_at'),
    /** Who put them on the event: themselves, a lead or an admin. */
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('event_attendees_state_check', sql`${t.state} in (${quoted(ATTENDEE_STATES)})`),
    check(
      'event_attendees_waitlist_check',
      sql`(${t.state} = 'waitlisted') = (${t.waitlistedAt} is not null)`,
    ),
    uniqueIndex('event_attendees_person_idx').on(t.eventId, t.userId),
    index('event_attendees_state_idx').on(t.eventId, t.state, t.waitlistedAt, t.id),
    index('event_attendees_user_idx').on(t.userId),
    // The Attendees list, newest first: all of them, and one event's.
    index('event_attendees_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('event_attendees_event_created_idx').on(t.eventId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Attendance of one session: marked attended or absent by a lead or an admin (`markedAt`, by
 * whom), and for a virtual session the time the person followed its Join link, a hint for whoever
 * marks it. One row per attendee and session, so a mark replayed from a device counts once.
 */
export const eventAttendance = pgTable(
  'event_attendance',
  {
    attendeeId: uuid('attendee_id')
      .notNull()
      .references(() => eventAttendees.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => eventSessions.id, { onDelete: 'cascade' }),
    state: text('state').$type<SessionAttendance>(),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestampTz('marked_at'),
    joinedAt: timestampTz('joined_at'),
  },
  (t) => [
    check(
      'event_attendance_state_check',
      sql`${t.state} is null or ${t.state} in (${quoted(SESSION_ATTENDANCE)})`,
    ),
    primaryKey({ columns: [t.attendeeId, t.sessionId] }),
    index('event_attendance_session_idx').on(t.sessionId),
  ],
);

/**
 * A person's private calendar feed: the address carries a random token, of which only the hash
 * is kept; revoking it makes a new one, and the old address answers 404.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});
