import { describe, expect, it } from 'vitest';
import {
  formatSessionTimes,
  instantToWallClock,
  wallClockToInstant,
} from '../../../../src/features/events/wall-clock.ts';

// The 2026 changes: Britain moves its clocks forward at 01:00 UTC on 29 March, New York at
// 02:00 local time on 8 March. The same wall-clock time takes the offset of its own day.
describe('a wall-clock time in a zone as an instant', () => {
  it('keeps 09:00 in London on either side of 29 March 2026', () => {
    expect(wallClockToInstant('2026-03-28 09:00:00', 'Europe/London')).toBe('2026-03-28T09:00:00Z');
    expect(wallClockToInstant('2026-03-30 09:00:00', 'Europe/London')).toBe('2026-03-30T09:00:00+01:00');
    expect(new Date(wallClockToInstant('2026-03-28 09:00:00', 'Europe/London')).toISOString()).toBe(
      '2026-03-28T09:00:00.000Z',
    );
    expect(new Date(wallClockToInstant('2026-03-30 09:00:00', 'Europe/London')).toISOString()).toBe(
      '2026-03-30T08:00:00.000Z',
    );
  });

  it('keeps 09:00 in New York on either side of 8 March 2026', () => {
    expect(wallClockToInstant('2026-03-07 09:00:00', 'America/New_York')).toBe('2026-03-07T09:00:00-05:00');
    expect(wallClockToInstant('2026-03-09 09:00:00', 'America/New_York')).toBe('2026-03-09T09:00:00-04:00');
  });

  it('gives the change day itself the offset in force at that hour', () => {
    // London: 00:30 is still GMT, 02:30 is already BST.
    expect(wallClockToInstant('2026-03-29 00:30:00', 'Europe/London')).toBe('2026-03-29T00:30:00Z');
    expect(wallClockToInstant('2026-03-29 02:30:00', 'Europe/London')).toBe('2026-03-29T02:30:00+01:00');
    // New York: 01:30 is EST, 03:30 EDT.
    expect(wallClockToInstant('2026-03-08 01:30:00', 'America/New_York')).toBe('2026-03-08T01:30:00-05:00');
    expect(wallClockToInstant('2026-03-08 03:30:00', 'America/New_York')).toBe('2026-03-08T03:30:00-04:00');
  });
});

describe('an instant as the wall-clock time of a zone', () => {
  it('reads the same 09:00 back in London before and after the change', () => {
    expect(instantToWallClock('2026-03-28T09:00:00.000Z', 'Europe/London')).toBe('2026-03-28 09:00:00');
    expect(instantToWallClock('2026-03-30T08:00:00.000Z', 'Europe/London')).toBe('2026-03-30 09:00:00');
  });

  it('reads the same 09:00 back in New York before and after the change', () => {
    expect(instantToWallClock('2026-03-07T14:00:00.000Z', 'America/New_York')).toBe('2026-03-07 09:00:00');
    expect(instantToWallClock('2026-03-09T13:00:00.000Z', 'America/New_York')).toBe('2026-03-09 09:00:00');
  });

  it('round-trips every hour of both change days', () => {
    for (const [zone, day] of [
      ['Europe/London', '2026-03-29'],
      ['America/New_York', '2026-03-08'],
    ] as const) {
      for (let hour = 0; hour < 24; hour += 1) {
        const instant = new Date(Date.UTC(2026, 2, Number(day.slice(8)), hour, 15)).toISOString();
        const wall = instantToWallClock(instant, zone);
        expect(new Date(wallClockToInstant(wall, zone)).toISOString(), `${zone} ${instant}`).toBe(instant);
      }
    }
  });
});

describe("a session's times", () => {
  const session = { startsAt: '2026-03-30T08:00:00.000Z', endsAt: '2026-03-30T16:00:00.000Z' };

  it("shows the event's zone and, when it reads differently, the viewer's", () => {
    expect(formatSessionTimes(session, 'Europe/London', 'Europe/Paris', 'en-GB')).toBe(
      '30 Mar 2026, 09:00–17:00 Europe/London · 30 Mar 2026, 10:00–18:00 your time',
    );
  });

  it('shows one reading when the viewer is in the same zone', () => {
    expect(formatSessionTimes(session, 'Europe/London', 'Europe/London', 'en-GB')).toBe(
      '30 Mar 2026, 09:00–17:00 Europe/London',
    );
  });
});
