import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { Mail } from '../../mail/mailer.ts';
import { sessionWhen } from './event-mail.ts';

/**
 * The day-before reminder of an event's session (record 030): everyone holding a seat
 * (`registered`) on a session that starts within the next 24 hours gets one mail, "Tomorrow:
 * {title}", with the session's time in its zone and its place or meeting link.
 *
 * Each (attendee, session) is mailed once: the sweep inserts its event_reminders row and records
 * the mail in one transaction, `on conflict do nothing` on the key. Two sweeps at once (two
 * processes on one PostgreSQL) both try the insert; the second waits on the first's key and then
 * skips it, so nobody is mailed twice, and a sweep that stops mid-way commits neither row nor mail.
 */

/** How far ahead a session's reminder is sent. */
export const EVENT_REMINDER_HOURS = 24;
/** Reminders marked and mailed per transaction. */
export const EVENT_REMINDER_BATCH = 500;

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;

type Due = {
  email: string;
  first_name: string;
  title: string;
  starts_at: Date | string;
  ends_at: Date | string;
  time_zone: string;
  place: string | null;
  meeting_url: string | null;
};

function reminderMail(row: Due, appUrl: string): Mail {
  const when = sessionWhen({
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    timeZone: row.time_zone,
  });
  return {
    to: row.email,
    subject: `Tomorrow: ${row.title}`,
    text: [
      `Hello ${row.first_name},`,
      '',
      'A reminder: you have a seat on this event, and its session starts within a day.',
      '',
      `Event: ${row.title}`,
      `When: ${when}`,
      ...(row.place ? [`Where: ${row.place}`] : []),
      ...(row.meeting_url ? [`Online: ${row.meeting_url}`] : []),
      '',
      `Your events: ${appUrl}/user-portal/user-dashboard`,
    ].join('\n'),
  };
}

/** Marks and mails the reminders due at `now`, a batch per transaction; answers how many were sent. */
export async function sendEventReminders(
  { db, mailer, config }: Deps,
  now: Date,
  batch = EVENT_REMINDER_BATCH,
): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  let total = 0;
  for (;;) {
    const done = await (db as Database).transaction(async (tx) => {
      const rows = (
        (await tx.execute(sql`
          with due as (
            select a.id as attendee_id, s.id as session_id
              from event_sessions s
              join event_attendees a on a.event_id = s.event_id and a.state = 'registered'
              join users u on u.id = a.user_id and u.status
             where s.starts_at > ${at}
               and s.starts_at <= ${at} + make_interval(hours => ${EVENT_REMINDER_HOURS})
               and not exists (
                 select 1 from event_reminders r where r.attendee_id = a.id and r.session_id = s.id)
             order by s.starts_at, a.id, s.id
             limit ${batch}),
          marked as (
            insert into event_reminders (attendee_id, session_id, sent_at)
            select attendee_id, session_id, ${at} from due
            on conflict (attendee_id, session_id) do nothing
            returning attendee_id, session_id)
          select u.email, u.first_name, e.title, s.starts_at, s.ends_at, s.time_zone,
                 coalesce(l.title, s.address) as place, s.meeting_url
            from marked m
            join event_attendees a on a.id = m.attendee_id
            join users u on u.id = a.user_id
            join event_sessions s on s.id = m.session_id
            join events e on e.id = s.event_id
            left join locations l on l.id = s.location_id
           order by s.starts_at, u.email`)) as unknown as { rows: Due[] }
      ).rows;
      if (rows.length === 0) return undefined;
      const deliver = await mailer.record(
        tx,
        rows.map((row) => reminderMail(row, config.appUrl)),
      );
      return { count: rows.length, deliver };
    });
    if (!done) return total;
    done.deliver();
    total += done.count;
  }
}

/** One sweep of event reminders, beside the assignment reminders' sweep. */
export async function sweepEventReminders(deps: Deps, now: Date): Promise<{ sent: number }> {
  return { sent: await sendEventReminders(deps, now) };
}
