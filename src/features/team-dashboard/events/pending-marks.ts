import type { SessionAttendance } from '@contract/events/model';
import { useMemo } from 'react';
import { useOutbox } from '@/lib/outbox';

/**
 * The query a mark's request carries beside its body. The server reads only the body; the query is
 * for this device, so a mark waiting in the outbox can be shown from its address alone, after a
 * reload too.
 */
export const MARK_QUERY = { attendee: 'attendee', session: 'session', state: 'state' } as const;

const ATTENDANCE_PATH = /\/team\/[^/]+\/event\/attendance$/;

export type PendingMark = { state: SessionAttendance; failed: boolean };

/** `${attendeeId} ${sessionId}` → the last mark waiting in the outbox (or refused) for it. */
export function usePendingMarks(): Map<string, PendingMark> {
  const { entries } = useOutbox();
  return useMemo(() => {
    const marks = new Map<string, PendingMark>();
    const ordered = [...entries].sort((a, b) => a.seq - b.seq);
    for (const entry of ordered) {
      if (entry.method !== 'PUT') continue;
      const url = new URL(entry.url, 'http://device.invalid');
      if (!ATTENDANCE_PATH.test(url.pathname)) continue;
      const attendee = url.searchParams.get(MARK_QUERY.attendee);
      const session = url.searchParams.get(MARK_QUERY.session);
      const state = url.searchParams.get(MARK_QUERY.state);
      if (!attendee || !session || (state !== 'attended' && state !== 'absent')) continue;
      marks.set(markKey(attendee, session), { state, failed: entry.status === 'failed' });
    }
    return marks;
  }, [entries]);
}

export const markKey = (attendeeId: string, sessionId: string) => `${attendeeId} ${sessionId}`;
