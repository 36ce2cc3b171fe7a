import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Paged } from '../../contract/envelope.ts';
import {
  type AttendeeListQuery,
  type AttendeeRow,
  attendeeListQuery,
  attendeePaths,
} from '../../contract/events/attendees.ts';
import { attendeeList } from '../../server/modules/attendees/queries.ts';
import { median, openUsersBench } from './support/users-app.ts';

const USERS = 50_000;
const EVENTS = 40;
/** Each user is on this many events: USERS × PER_USER attendees. */
const PER_USER = 2;
const RUNS = 30;
const WARM_UP = 5;
const TARGET_RATIO = 1.5;

/**
 * The Attendees list at 100,000 attendees (50,000 users, each on 2 of 40 events, some waiting, with
 * attendance marked): served by the API (app.request: auth, permission check, validation, JSON)
 * against the same SQL run directly (attendeeList: the count and the page with each row's waiting
 * place and attendance), for the first page, one event's list filtered to those waiting, and a
 * search by name, measured alternately so a busy machine slows both alike.
 */
export async function attendeesList() {
  const bench = await openUsersBench(USERS);
  try {
    const seedStart = performance.now();
    await bench.db.execute(sql`
      insert into events (title, time_zone, capacity, waitlist)
      select 'Bench event ' || n, 'Europe/London', 1000, true from generate_series(1, ${EVENTS}) n`);
    await bench.db.execute(sql`
      insert into event_sessions (event_id, position, starts_at, ends_at, time_zone, address)
      select e.id, s, timestamptz '2030-01-01 09:00Z' + (s || ' days')::interval,
             timestamptz '2030-01-01 17:00Z' + (s || ' days')::interval, 'Europe/London', 'Main hall'
        from events e, generate_series(1, 2) s where e.title like 'Bench event %'`);
    // Each user on PER_USER events, spread evenly; past the first 1,000 of an event they wait in line.
    await bench.db.execute(sql`
      with people as (
        select u.id, row_number() over (order by u.id) as n from users u where u.email like 'bench.user.%'
      ), targets as (
        select p.id as user_id, e.id as event_id, p.n, k
          from people p, generate_series(0, ${PER_USER - 1}) k,
               lateral (select id from events where title = 'Bench event ' || (((p.n + k * 7) % ${EVENTS}) + 1)) e
      ), ranked as (
        select t.*, row_number() over (partition by t.event_id order by t.n) as place from targets t
      )
      insert into event_attendees (event_id, user_id, state, waitlisted_at, created_at)
      select event_id, user_id,
             case when place <= 1000 then 'registered' else 'waitlisted' end,
             case when place <= 1000 then null else timestamptz '2029-01-01' + (place || ' seconds')::interval end,
             timestamptz '2029-01-01' + (n || ' seconds')::interval + (k || ' milliseconds')::interval
        from ranked`);
    await bench.db.execute(sql`
      insert into event_attendance (attendee_id, session_id, state, marked_at)
      select a.id, s.id, case when (hashtext(a.id::text) & 3) = 0 then 'absent' else 'attended' end, now()
        from event_attendees a join event_sessions s on s.event_id = a.event_id and s.position = 1
       where a.state = 'registered'`);
    await bench.db.execute(sql`analyze`);
    const seedMs = performance.now() - seedStart;
    const [{ count } = { count: 0 }] = (
      (await bench.db.execute(sql`select count(*)::int as count from event_attendees`)) as unknown as {
        rows: { count: number }[];
      }
    ).rows;
    const [{ id: eventId } = { id: '' }] = (
      (await bench.db.execute(sql`select id from events where title = 'Bench event 7'`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;

    const cases: { name: string; search: Record<string, string> }[] = [
      { name: 'first page, newest first', search: { limit: '20' } },
      { name: 'one event, those waiting', search: { limit: '20', event: eventId, state: 'waitlisted' } },
      { name: 'search by email', search: { limit: '20', search: 'bench.user.4321@' } },
    ];
    const results = [];
    for (const entry of cases) {
      const query: AttendeeListQuery = v.parse(attendeeListQuery, entry.search);
      const url = `${attendeePaths.list}?${new URLSearchParams(entry.search)}`;
      let total = -1;
      const api = async () => {
        const started = performance.now();
        const response = await bench.get(url);
        const body = (await response.json()) as { results: Paged<AttendeeRow> };
        const ms = performance.now() - started;
        if (response.status !== 200 || body.results.data.length === 0)
          throw new Error(`Unexpected answer ${response.status} for ${entry.name}`);
        total = body.results.total;
        return ms;
      };
      const direct = async () => {
        const started = performance.now();
        const page = await attendeeList(bench.db, query);
        const ms = performance.now() - started;
        if (page.data.length === 0) throw new Error('Unexpected page');
        return ms;
      };
      for (let run = 0; run < WARM_UP; run += 1) {
        await api();
        await direct();
      }
      const apiMs: number[] = [];
      const sqlMs: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        apiMs.push(await api());
        sqlMs.push(await direct());
      }
      results.push({
        name: entry.name,
        total,
        apiMs: median(apiMs),
        sqlMs: median(sqlMs),
        ratio: median(apiMs) / median(sqlMs),
      });
    }

    console.log(
      `Attendees list of ${count.toLocaleString('en')} attendees on ${EVENTS} events (${bench.driver}), limit 20, median of ${RUNS}`,
    );
    console.log(`  seeding took ${((bench.seedMs + seedMs) / 1000).toFixed(1)} s`);
    for (const result of results) {
      const verdict = result.ratio <= TARGET_RATIO ? 'within' : 'OVER';
      console.log(
        `  ${result.name} (${result.total.toLocaleString('en')} rows): API ${result.apiMs.toFixed(1)} ms, same SQL directly ${result.sqlMs.toFixed(1)} ms, ratio ${result.ratio.toFixed(2)}x (${verdict} the ${TARGET_RATIO}x target)`,
      );
    }
    return results;
  } finally {
    await bench.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await attendeesList();
