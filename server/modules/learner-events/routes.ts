import { vValidator } from '@hono/valibot-validator';
import { asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import {
  type CalendarFeedAnswer,
  JOIN_OPENS_MINUTES,
  type JoinAnswer,
  type MyEvent,
  type MyRegistration,
  attendeeMessages as m,
  type OpenEvent,
  openEventListQuery,
  learnerEventPaths as paths,
} from '../../../contract/events/attendees.ts';
import { messages } from '../../../contract/messages.ts';
import type { Transaction } from '../../db/client.ts';
import { isoTime } from '../../db/rows.ts';
import { calendarFeeds, eventAttendance, eventSessions } from '../../db/schema/events.ts';
import { allow, publicAccess, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { validationHook } from '../../http/validate.ts';
import { calendarFeed } from '../events/calendar.ts';
import { calendarInput } from '../events/event-mail.ts';
import { seatTransaction } from '../events/seat-transaction.ts';
import { changeState, type LockedEvent, placePeople, type SeatChange } from '../events/seats.ts';
import { feedOwner, feedUrl, newFeed } from './feed.ts';
import { feedEventIds, isSeated, myEvents, myPlace, openEvents } from './queries.ts';

/** How far back the private feed reaches: events ended in the last 30 days stay in it. */
const FEED_PAST_DAYS = 30;

/** A write that takes no input refuses a body, so nothing a client sends by mistake makes a change. */
const noBody = createMiddleware<AppEnv>(async (c, next) => {
  if ((await c.req.text()) !== '') throw new ApiError(422, m.noBody);
  await next();
});

/** Whether a locked event takes registrations at `now` (the rule openForRegistration lists by). */
async function openNow(tx: Transaction, event: LockedEvent, now: Date): Promise<boolean> {
  if (!event.status) return false;
  if (event.registrationOpensAt && new Date(event.registrationOpensAt) > now) return false;
  if (event.registrationClosesAt && new Date(event.registrationClosesAt) <= now) return false;
  const [first] = await tx
    .select({ startsAt: eventSessions.startsAt })
    .from(eventSessions)
    .where(eq(eventSessions.eventId, event.id))
    .orderBy(asc(eventSessions.startsAt))
    .limit(1);
  return first !== undefined && new Date(first.startsAt) > now;
}

const calendarHeaders = (disposition: 'attachment' | 'inline', fileName: string, cache: string) => ({
  'Content-Type': 'text/calendar; charset=utf-8',
  'Content-Disposition': `${disposition}; filename="${fileName}"`,
  'Cache-Control': cache,
  'X-Content-Type-Options': 'nosniff',
});

/** The event as a file name: letters, digits and dashes. */
const fileNameOf = (title: string) =>
  `${
    title
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'event'
  }.ics`;

/**
 * The learner's events: their own, those open for registration, registering and cancelling, the
 * Join link and the private calendar feed. Every change of place runs in seatTransaction, as the
 * administration's do: the event locked, the waiting list served, the mails recorded with it.
 */
export function learnerEventRoutes(deps: AppDeps) {
  const { db, clock, config } = deps;
  const me = allow(db, signedIn);
  const eventParam = `:eventId${UUID_PARAM}`;

  const answerPlace = async (eventId: string, userId: string, status: 200 | 201 = 200) => {
    const place = await myPlace(db, eventId, userId);
    if (!place) throw new ApiError(404, m.notOnEvent);
    const results: MyRegistration = { eventId, state: place.state, waitlistPosition: place.waitlistPosition };
    const message =
      place.state === 'waitlisted' ? m.waitlisted : place.state === 'cancelled' ? m.cancelled : m.registered;
    return { body: { message, results } satisfies ApiSuccess<MyRegistration>, status };
  };

  return (
    new Hono<AppEnv>()
      .get(paths.mine, me, async (c) =>
        c.json({
          message: m.eventsFetched,
          results: await myEvents(db, c.get('auth').userId, clock()),
        } satisfies ApiSuccess<MyEvent[]>),
      )
      .get(paths.open, me, vValidator('query', openEventListQuery, validationHook), async (c) =>
        c.json({
          message: m.eventsFetched,
          results: await openEvents(db, c.get('auth').userId, c.req.valid('query'), clock()),
        } satisfies ApiSuccess<Paged<OpenEvent>>),
      )
      .post(paths.register(eventParam), me, noBody, async (c) => {
        const eventId = pathId(c.req.param('eventId'));
        const userId = c.get('auth').userId;
        const changed = await seatTransaction(deps, eventId, m.eventNotFound, async (tx, event) => {
          const none = { value: false, changes: [] as SeatChange[] };
          const current = await myPlace(tx, event.id, userId);
          // Registering twice answers the place they have, unchanged.
          if (current && (isSeated(current.state) || current.state === 'waitlisted')) return none;
          const now = clock();
          if (!(await openNow(tx, event, now))) throw new ApiError(409, m.eventNotOpen);
          if (current) {
            const changes = await changeState(tx, event, current, 'registered', { now, by: userId });
            if (changes === 'full') throw new ApiError(409, m.eventFull);
            return { value: true, changes };
          }
          const { result, changes } = await placePeople(tx, event, [userId], {
            state: 'registered',
            addedBy: userId,
            now,
          });
          if (result.full > 0) throw new ApiError(409, m.eventFull);
          return { value: true, changes };
        });
        const { body, status } = await answerPlace(eventId, userId, changed ? 201 : 200);
        return c.json(body, status);
      })
      .post(paths.cancel(eventParam), me, noBody, async (c) => {
        const eventId = pathId(c.req.param('eventId'));
        const userId = c.get('auth').userId;
        await seatTransaction(deps, eventId, m.eventNotFound, async (tx, event) => {
          const current = await myPlace(tx, event.id, userId);
          if (!current) throw new ApiError(404, m.notOnEvent);
          if (current.state === 'cancelled') return { value: false, changes: [] };
          if (current.state === 'attended' || current.state === 'absent')
            throw new ApiError(409, m.cancelClosed);
          const changes = await changeState(tx, event, current, 'cancelled', { now: clock(), by: userId });
          return { value: true, changes: changes === 'full' ? [] : changes };
        });
        const { body, status } = await answerPlace(eventId, userId);
        return c.json(body, status);
      })
      .get(paths.calendar(eventParam), me, async (c) => {
        const eventId = pathId(c.req.param('eventId'));
        const place = await myPlace(db, eventId, c.get('auth').userId);
        if (!place || place.state === 'cancelled') throw new ApiError(404, m.notOnEvent);
        const input = await db.transaction((tx) => calendarInput(tx, config, eventId));
        if (!input) throw new ApiError(404, m.eventNotFound);
        const ics = calendarFeed([input], { name: input.event.title });
        return c.body(
          ics,
          200,
          calendarHeaders('attachment', fileNameOf(input.event.title), 'private, no-store'),
        );
      })
      .post(paths.join(`:sessionId${UUID_PARAM}`), me, noBody, async (c) => {
        const sessionId = pathId(c.req.param('sessionId'));
        const userId = c.get('auth').userId;
        const [session] = await db
          .select({
            eventId: eventSessions.eventId,
            startsAt: eventSessions.startsAt,
            endsAt: eventSessions.endsAt,
            meetingUrl: eventSessions.meetingUrl,
          })
          .from(eventSessions)
          .where(eq(eventSessions.id, sessionId));
        if (!session) throw new ApiError(404, m.sessionNotFound);
        const place = await myPlace(db, session.eventId, userId);
        if (!place || !isSeated(place.state)) throw new ApiError(404, m.notOnEvent);
        if (!session.meetingUrl) throw new ApiError(409, m.notVirtual);
        const now = clock();
        const opens = new Date(session.startsAt).getTime() - JOIN_OPENS_MINUTES * 60_000;
        if (now.getTime() < opens || now >= new Date(session.endsAt)) throw new ApiError(409, m.joinClosed);
        // One row per person and session: a mark already there stays, and so does the first join.
        await db
          .insert(eventAttendance)
          .values({ attendeeId: place.id, sessionId, joinedAt: now })
          .onConflictDoUpdate({
            target: [eventAttendance.attendeeId, eventAttendance.sessionId],
            set: { joinedAt: sql`coalesce(${eventAttendance.joinedAt}, excluded.joined_at)` },
          });
        return c.json({
          message: m.joined,
          results: { url: session.meetingUrl },
        } satisfies ApiSuccess<JoinAnswer>);
      })
      .get(paths.feed, me, async (c) => {
        const [row] = await db
          .select({ createdAt: calendarFeeds.createdAt })
          .from(calendarFeeds)
          .where(eq(calendarFeeds.userId, c.get('auth').userId));
        return c.json({
          message: m.feedFetched,
          results: { url: null, active: row !== undefined, createdAt: row ? isoTime(row.createdAt) : null },
        } satisfies ApiSuccess<CalendarFeedAnswer>);
      })
      .post(paths.feed, me, noBody, async (c) => {
        const { token, createdAt } = await newFeed(db, c.get('auth').userId, clock());
        return c.json(
          {
            message: m.feedCreated,
            results: { url: feedUrl(config.appUrl, token), active: true, createdAt: isoTime(createdAt) },
          } satisfies ApiSuccess<CalendarFeedAnswer>,
          201,
        );
      })
      .delete(paths.feed, me, noBody, async (c) => {
        await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, c.get('auth').userId));
        return c.json({
          message: m.feedRevoked,
          results: { url: null, active: false, createdAt: null },
        } satisfies ApiSuccess<CalendarFeedAnswer>);
      })
      // The feed's token is its credential: calendars fetch it with no session.
      .get('/calendar/:token{[A-Za-z0-9_-]+(?:\\.ics)?}', allow(db, publicAccess), async (c) => {
        const token = (c.req.param('token') ?? '').replace(/\.ics$/, '');
        const userId = await feedOwner(db, token);
        if (!userId) throw new ApiError(404, messages.notFound);
        const since = new Date(clock().getTime() - FEED_PAST_DAYS * 24 * 60 * 60_000);
        const ics = await db.transaction(async (tx) => {
          const ids = await feedEventIds(tx, userId, since);
          const inputs = [];
          for (const id of ids) {
            const input = await calendarInput(tx, config, id);
            if (input) inputs.push(input);
          }
          return calendarFeed(inputs, { name: 'My training events' });
        });
        return c.body(ics, 200, calendarHeaders('inline', 'training-events.ics', 'private, max-age=300'));
      })
  );
}
