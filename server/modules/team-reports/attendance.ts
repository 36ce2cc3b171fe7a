import { type SQL, sql } from 'drizzle-orm';
import type { AttendanceEntry } from '../../../contract/team-dashboard.ts';
import type { Database } from '../../db/client.ts';
import { isoTime, queryRows } from '../../db/rows.ts';
import { member, VIEW_LIMIT } from './entries.ts';

/** An event is a virtual meeting when one of its sessions has a meeting link. */
export const isVirtual = (eventId: SQL) =>
  sql`exists (select 1 from event_sessions s where s.event_id = ${eventId} and s.meeting_url is not null)`;

type AttendanceRow = {
  event_id: string;
  title: string;
  starts_at: Date | string;
  kind: AttendanceEntry['kind'];
  attended: boolean;
  user_id: string;
  first_name: string;
  last_name: string;
};

/**
 * Everyone put on an event and not cancelled, with the event's first session's start; only the
 * virtual meetings with `virtualOnly`.
 */
function attendanceQuery(who: SQL, virtualOnly = false): SQL {
  return sql`
    select e.id as event_id, e.title, f.starts_at,
           case when ${isVirtual(sql`e.id`)} then 'virtual-meeting' else 'event' end as kind,
           a.state = 'attended' as attended, u.id as user_id, u.first_name, u.last_name
      from event_attendees a
      join events e on e.id = a.event_id
      join lateral (select min(s.starts_at) as starts_at from event_sessions s where s.event_id = e.id) f on true
      join users u on u.id = a.user_id
     where a.user_id in (${who}) and a.state <> 'cancelled' ${virtualOnly ? sql`and ${isVirtual(sql`e.id`)}` : sql``}
     order by f.starts_at desc nulls last, e.title, u.id
     limit ${VIEW_LIMIT}`;
}

const attendance = (row: AttendanceRow): AttendanceEntry => ({
  eventId: row.event_id,
  title: row.title,
  startsAt: isoTime(row.starts_at),
  kind: row.kind,
  attended: row.attended,
});

/**
 * The Team Report's 'Virtual Class/Meeting Attendance': the virtual meetings the team's members
 * were put on, latest first, one row per member, as many as the card's figure counts.
 */
export async function teamAttendance(db: Database, teamId: string): Promise<AttendanceEntry[]> {
  const rows = await queryRows<AttendanceRow>(
    db,
    attendanceQuery(sql`select user_id from team_members where team_id = ${teamId}`, true),
  );
  return rows.map((row) => ({ ...attendance(row), member: member(row) }));
}

/** A member card's 'Attendance': every event and virtual meeting they were put on, latest first. */
export async function memberAttendance(db: Database, memberId: string): Promise<AttendanceEntry[]> {
  const rows = await queryRows<AttendanceRow>(db, attendanceQuery(sql`${memberId}::uuid`));
  return rows.map(attendance);
}
