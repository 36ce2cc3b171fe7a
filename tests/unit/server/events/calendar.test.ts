import { describe, expect, it } from 'vitest';
import {
  type CalendarAttendee,
  type CalendarEventInput,
  calendarFeed,
  eventInvitation,
} from '../../../../server/modules/events/calendar.ts';
import { type ParsedCalendar, validateIcs } from '../../../api/ics-validator.ts';

/** What the validator read from a calendar it accepted. */
async function parse(ics: string): Promise<ParsedCalendar> {
  const result = await validateIcs(ics);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.parsed as ParsedCalendar;
}

const organizer = { email: 'no-reply@training.example.com', name: 'Training Admin' };
const attendee: CalendarAttendee = { email: 'zoe@example.com', name: 'Zoë Müller', partStat: 'ACCEPTED' };

/** Two sessions, each across its zone's daylight-saving change of 2026. */
const forklift = (sequence: number): CalendarEventInput => ({
  appHost: 'training.example.com',
  event: {
    id: 'event-1',
    title: 'Forklift safety; part 1, theory',
    description: 'Bring safety boots.\nLunch is provided.',
    sequence,
    organizer,
  },
  sessions: [
    {
      // 01:00 CET to 04:00 CEST: two hours pass, the clock moves three.
      id: 'session-berlin',
      startsAt: new Date('2026-03-29T00:00:00Z'),
      endsAt: new Date('2026-03-29T02:00:00Z'),
      timeZone: 'Europe/Berlin',
      place: 'Hall 3, Werkstraße 1, Berlin',
      meetingUrl: null,
    },
    {
      // 00:30 EDT to 03:00 EST: three and a half hours pass, the clock moves two and a half.
      id: 'session-new-york',
      startsAt: new Date('2026-11-01T04:30:00Z'),
      endsAt: new Date('2026-11-01T08:00:00Z'),
      timeZone: 'America/New_York',
      place: null,
      meetingUrl: 'https://meet.example.com/forklift-1',
    },
  ],
});

describe('an event invitation', () => {
  it('is a valid REQUEST with one entry per session, at its wall-clock time in its zone', async () => {
    const ics = eventInvitation(forklift(0), { method: 'REQUEST', attendee });
    const parsed = await parse(ics);

    expect(parsed.method).toBe('REQUEST');
    expect(parsed.timezones).toEqual(['America/New_York', 'Europe/Berlin']);
    expect(parsed.events).toEqual([
      {
        uid: 'session-berlin@training.example.com',
        sequence: 0,
        status: 'CONFIRMED',
        summary: 'Forklift safety; part 1, theory',
        description: 'Bring safety boots.\nLunch is provided.',
        location: 'Hall 3, Werkstraße 1, Berlin',
        url: null,
        organizer: 'mailto:no-reply@training.example.com',
        attendees: [{ address: 'MAILTO:zoe@example.com', cn: 'Zoë Müller', partstat: 'ACCEPTED' }],
        start: { utc: '2026-03-29T00:00:00Z', local: '2026-03-29T01:00:00', tzid: 'Europe/Berlin' },
        end: { utc: '2026-03-29T02:00:00Z', local: '2026-03-29T04:00:00', tzid: 'Europe/Berlin' },
      },
      {
        uid: 'session-new-york@training.example.com',
        sequence: 0,
        status: 'CONFIRMED',
        summary: 'Forklift safety; part 1, theory',
        description:
          'Bring safety boots.\nLunch is provided.\n\nJoin online: https://meet.example.com/forklift-1',
        location: 'https://meet.example.com/forklift-1',
        url: 'https://meet.example.com/forklift-1',
        organizer: 'mailto:no-reply@training.example.com',
        attendees: [{ address: 'MAILTO:zoe@example.com', cn: 'Zoë Müller', partstat: 'ACCEPTED' }],
        start: { utc: '2026-11-01T04:30:00Z', local: '2026-11-01T00:30:00', tzid: 'America/New_York' },
        end: { utc: '2026-11-01T08:00:00Z', local: '2026-11-01T03:00:00', tzid: 'America/New_York' },
      },
    ]);

    // The text as Outlook and Google receive it.
    expect(ics).toContain('\r\nMETHOD:REQUEST\r\n');
    expect(ics).toContain('\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n');
    expect(ics).toContain('\r\nBEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
    expect(ics).toContain(
      '\r\nDTSTART;TZID=Europe/Berlin:20260329T010000\r\nDTEND;TZID=Europe/Berlin:20260329T040000\r\n',
    );
    expect(ics).toContain(
      '\r\nDTSTART;TZID=America/New_York:20261101T003000\r\nDTEND;TZID=America/New_York:20261101T030000\r\n',
    );
  });

  it('keeps each UID when the event changes, while SEQUENCE rises', async () => {
    const first = eventInvitation(forklift(0), { method: 'REQUEST', attendee });
    const changed = eventInvitation(forklift(1), { method: 'REQUEST', attendee });
    const uids = (ics: string) => [...ics.matchAll(/^UID:(.*)\r$/gm)].map((match) => match[1]);
    const sequences = (ics: string) => [...ics.matchAll(/^SEQUENCE:(.*)\r$/gm)].map((match) => match[1]);

    expect(uids(first)).toEqual([
      'session-berlin@training.example.com',
      'session-new-york@training.example.com',
    ]);
    expect(uids(changed)).toEqual(uids(first));
    expect(sequences(first)).toEqual(['0', '0']);
    expect(sequences(changed)).toEqual(['1', '1']);
    expect((await parse(changed)).events.map((event) => event.sequence)).toEqual([1, 1]);
  });

  it('cancels with METHOD:CANCEL and each session CANCELLED under the same UID', async () => {
    const ics = eventInvitation(forklift(2), {
      method: 'CANCEL',
      attendee: { ...attendee, partStat: 'NEEDS-ACTION' },
    });
    const parsed = await parse(ics);

    expect(ics).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(parsed.method).toBe('CANCEL');
    expect(
      parsed.events.map(({ uid, sequence, status, attendees }) => ({ uid, sequence, status, attendees })),
    ).toEqual(
      ['session-berlin', 'session-new-york'].map((id) => ({
        uid: `${id}@training.example.com`,
        sequence: 2,
        status: 'CANCELLED',
        attendees: [{ address: 'MAILTO:zoe@example.com', cn: 'Zoë Müller', partstat: 'NEEDS-ACTION' }],
      })),
    );
  });

  it('writes an alias zone under its canonical name, and refuses a name that is no zone', async () => {
    const input = forklift(0);
    const eastern = {
      ...input,
      sessions: [{ ...input.sessions[1], timeZone: 'US/Eastern' }],
    } as CalendarEventInput;
    const parsed = await parse(eventInvitation(eastern, { method: 'REQUEST', attendee }));

    expect(parsed.timezones).toEqual(['America/New_York']);
    expect(parsed.events[0]?.start).toEqual({
      utc: '2026-11-01T04:30:00Z',
      local: '2026-11-01T00:30:00',
      tzid: 'America/New_York',
    });

    const nowhere = {
      ...input,
      sessions: [{ ...input.sessions[0], timeZone: 'Europe/Atlantis' }],
    } as CalendarEventInput;
    expect(() => eventInvitation(nowhere, { method: 'REQUEST', attendee })).toThrow(
      'Not an IANA time zone: Europe/Atlantis',
    );
  });

  it('writes the same times whatever zone the server runs in', () => {
    // ical-generator would write a native Date in the process's zone: run the same input in two.
    const withoutStamp = (ics: string) => ics.replace(/^DTSTAMP:.*\r\n/gm, '');
    const previous = process.env.TZ;
    try {
      process.env.TZ = 'UTC';
      const inUtc = withoutStamp(eventInvitation(forklift(0), { method: 'REQUEST', attendee }));
      process.env.TZ = 'Pacific/Auckland';
      expect(new Date('2026-03-29T00:00:00Z').getHours()).toBe(13);
      expect(withoutStamp(eventInvitation(forklift(0), { method: 'REQUEST', attendee }))).toBe(inUtc);
    } finally {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    }
  });
});

describe('a personal calendar feed', () => {
  it('holds every session of every event, with no METHOD, organizer or attendee', async () => {
    const induction: CalendarEventInput = {
      appHost: 'training.example.com',
      event: { id: 'event-2', title: 'Induction', description: null, sequence: 3, organizer },
      sessions: [
        {
          id: 'session-induction',
          startsAt: new Date('2026-06-15T07:00:00Z'),
          endsAt: new Date('2026-06-15T09:00:00Z'),
          timeZone: 'Europe/Berlin',
          place: 'Reception',
          meetingUrl: 'https://meet.example.com/induction',
        },
      ],
    };
    const ics = calendarFeed([forklift(1), induction], { name: 'Zoë Müller: trainings' });
    const parsed = await parse(ics);

    expect(ics).not.toMatch(/^(METHOD|ORGANIZER|ATTENDEE)/m);
    expect(parsed.method).toBeNull();
    expect(parsed.name).toBe('Zoë Müller: trainings');
    // One VTIMEZONE per zone, however many sessions use it.
    expect(ics.match(/^BEGIN:VTIMEZONE\r$/gm)).toHaveLength(2);
    expect(parsed.timezones).toEqual(['America/New_York', 'Europe/Berlin']);
    expect(
      parsed.events.map(({ uid, sequence, location, url, start }) => ({
        uid,
        sequence,
        location,
        url,
        start,
      })),
    ).toEqual([
      {
        uid: 'session-berlin@training.example.com',
        sequence: 1,
        location: 'Hall 3, Werkstraße 1, Berlin',
        url: null,
        start: { utc: '2026-03-29T00:00:00Z', local: '2026-03-29T01:00:00', tzid: 'Europe/Berlin' },
      },
      {
        uid: 'session-new-york@training.example.com',
        sequence: 1,
        location: 'https://meet.example.com/forklift-1',
        url: 'https://meet.example.com/forklift-1',
        start: { utc: '2026-11-01T04:30:00Z', local: '2026-11-01T00:30:00', tzid: 'America/New_York' },
      },
      {
        uid: 'session-induction@training.example.com',
        sequence: 3,
        location: 'Reception',
        url: 'https://meet.example.com/induction',
        start: { utc: '2026-06-15T07:00:00Z', local: '2026-06-15T09:00:00', tzid: 'Europe/Berlin' },
      },
    ]);
    expect(parsed.events[2]?.description).toBe('Join online: https://meet.example.com/induction');
  });
});

describe('the validator', () => {
  it('refuses a broken calendar', async () => {
    const ics = eventInvitation(forklift(0), { method: 'REQUEST', attendee });
    const withoutUid = ics.replace(/^UID:.*\r\n/m, '');
    const withoutTimezones = ics.replace(/^BEGIN:VTIMEZONE\r\n[\s\S]*?^END:VTIMEZONE\r\n/gm, '');
    const unterminated = ics.replace(/END:VCALENDAR\r\n$/, '');

    expect(withoutTimezones).toContain('DTSTART;TZID=Europe/Berlin');
    expect(withoutTimezones).not.toContain('VTIMEZONE');
    expect(await validateIcs(withoutUid)).toMatchObject({ code: 1, stderr: expect.stringContaining('UID') });
    expect(await validateIcs(withoutTimezones)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('TZID Europe/Berlin has no VTIMEZONE'),
    });
    expect(await validateIcs(unterminated)).toMatchObject({ code: 1 });
  });
});
