import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventDetail, eventMessages as m, eventPaths as p } from '../../contract/events/resource.ts';
import { messages } from '../../contract/messages.ts';
import { eventFixtures } from './event-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

// Each refusal of an event's fields, on create and on update, with the contract's messages and
// nothing written; the links' providers; the zones Intl knows.

let t: TestContext;
let admin: string;
let f: Awaited<ReturnType<typeof eventFixtures>>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  f = await eventFixtures(t, admin);
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('the fields of an event', () => {
  it('refuses each bad field on create and update with its message, writing nothing', async () => {
    const existing = await f.create(f.body({ title: 'Kept as it is' }));
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ['a zone that is no zone', { timeZone: 'Mars/Olympus' }, { timeZone: m.timeZoneInvalid }],
      ['an offset for a zone', { timeZone: '+01:00' }, { timeZone: m.timeZoneInvalid }],
      [
        "a session's bad zone",
        { sessions: [f.session({ timeZone: 'Europe/Atlantis' })] },
        { 'sessions.0.timeZone': m.timeZoneInvalid },
      ],
      [
        'an end before the start',
        {
          sessions: [
            f.session(),
            f.session({ startsAt: '2030-03-30T11:00:00Z', endsAt: '2030-03-30T10:59:00Z' }),
          ],
        },
        { 'sessions.1.endsAt': m.endsBeforeStart },
      ],
      [
        'an end at the start',
        { sessions: [f.session({ endsAt: '2030-03-30T09:00:00+01:00' })] },
        { 'sessions.0.endsAt': m.endsBeforeStart },
      ],
      [
        'times that are no instants',
        { sessions: [f.session({ startsAt: '2030-02-30T09:00:00Z', endsAt: '2030-03-30T11:00' })] },
        { 'sessions.0.startsAt': m.startsAtInvalid, 'sessions.0.endsAt': m.endsAtInvalid },
      ],
      [
        'no place nor link',
        { sessions: [f.session({ locationId: null, address: '  ', meetingUrl: '' })] },
        { 'sessions.0': m.placeRequired },
      ],
      [
        'a location and an address',
        { sessions: [f.session({ address: 'Yard 2' })] },
        { 'sessions.0.address': m.placeTwice },
      ],
      [
        'an http link',
        { sessions: [f.session({ meetingUrl: 'http://zoom.us/j/1' })] },
        { 'sessions.0.meetingUrl': m.meetingUrlInvalid },
      ],
      [
        'a link that is no address',
        { sessions: [f.session({ meetingUrl: 'javascript:alert(1)' })] },
        { 'sessions.0.meetingUrl': m.meetingUrlInvalid },
      ],
      ['no sessions', { sessions: [] }, { sessions: m.sessionsRequired }],
      [
        'too many sessions',
        { sessions: Array.from({ length: 21 }, () => f.session()) },
        { sessions: m.sessionsTooMany },
      ],
      ['an unknown category', { categoryId: MISSING }, { categoryId: m.categoryNotFound }],
      [
        'an unknown location',
        { sessions: [f.session(), f.session({ locationId: MISSING })] },
        { 'sessions.1.locationId': m.locationNotFound },
      ],
      ['an unknown instructor', { instructorIds: [MISSING] }, { instructorIds: m.instructorsNotFound }],
      [
        'unknown references together',
        {
          categoryId: randomUUID(),
          instructorIds: [randomUUID()],
          sessions: [f.session({ locationId: MISSING })],
        },
        {
          categoryId: m.categoryNotFound,
          instructorIds: m.instructorsNotFound,
          'sessions.0.locationId': m.locationNotFound,
        },
      ],
      ['no capacity', { capacity: 0 }, { capacity: m.capacityInvalid }],
      ['half a seat', { capacity: 1.5 }, { capacity: m.capacityInvalid }],
      ['a stadium', { capacity: 10_001 }, { capacity: m.capacityInvalid }],
      [
        'registration closing before it opens',
        { registrationOpensAt: '2030-03-10T09:00:00Z', registrationClosesAt: '2030-03-10T10:00:00+02:00' },
        { registrationClosesAt: m.registrationOrder },
      ],
      ['a title of spaces', { title: '   ' }, { title: m.titleRequired }],
      ['no category', { categoryId: '' }, { categoryId: m.categoryRequired }],
    ];
    const before = await f.counts();
    for (const [label, overrides, errors] of cases) {
      const created = await t.call('POST', p.list, { token: admin, body: f.body(overrides) });
      expect(created.status, `create with ${label}: ${created.text}`).toBe(422);
      expect(created.body, `create with ${label}`).toEqual({ message: messages.validationFailed, errors });
      const updated = await t.call('PATCH', p.one(existing._id), {
        token: admin,
        body: f.body({ ...overrides, version: existing.version }),
      });
      expect(updated.status, `update with ${label}`).toBe(422);
      expect(updated.body.errors, `update with ${label}`).toEqual(errors);
    }
    expect(await f.counts()).toEqual(before);
    expect(await f.read(existing._id)).toEqual(existing);
  });

  it('recognises the provider from the link’s host and keeps any other https link as other', async () => {
    const links: [string, string][] = [
      ['https://zoom.us/j/123', 'zoom'],
      ['https://us02web.zoom.us/j/123?pwd=x', 'zoom'],
      ['https://teams.microsoft.com/l/meetup-join/1', 'teams'],
      ['https://teams.live.com/meet/1', 'teams'],
      ['https://meet.google.com/abc-defg-hij', 'meet'],
      ['https://webex.com/meet/someone', 'webex'],
      ['https://acme.my.webex.com/acme/j.php?MTID=1', 'webex'],
      ['https://ZOOM.US/j/9', 'zoom'],
      ['https://notzoom.us/j/1', 'other'],
      ['https://zoom.us.example.com/j/1', 'other'],
      ['https://meet.example.com/room', 'other'],
      ['https://google.com/meet', 'other'],
    ];
    const event = await f.create(
      f.body({
        title: 'Links',
        sessions: links.map(([meetingUrl]) => f.session({ locationId: null, meetingUrl })),
      }),
    );
    expect(event.sessions.map((session) => [session.meetingUrl, session.meetingProvider])).toEqual(links);
    // A provider sent by the client is not taken.
    const sent = await f.create(
      f.body({ sessions: [f.session({ meetingUrl: 'https://example.org/x', meetingProvider: 'zoom' })] }),
    );
    expect(sent.sessions[0]).toMatchObject({ meetingProvider: 'other', locationId: f.location.id });
  });

  it('takes the zones Intl knows: a canonical one in its own spelling, an alias as sent', async () => {
    const event = await f.create(
      f.body({
        timeZone: 'UTC',
        sessions: [
          f.session({ timeZone: 'US/Eastern' }),
          f.session({ timeZone: 'europe/berlin' }),
          f.session({ timeZone: 'Asia/Kolkata' }),
        ],
      }),
    );
    expect(event.timeZone).toBe('UTC');
    expect(event.sessions.map((session) => session.timeZone)).toEqual([
      'US/Eastern',
      'Europe/Berlin',
      'Asia/Kolkata',
    ]);
  });

  it('leaves out what is empty: no capacity, no registration window, no address', async () => {
    const event: EventDetail = await f.create(
      f.body({
        capacity: null,
        registrationOpensAt: '',
        registrationClosesAt: null,
        sessions: [f.session({ locationId: '', address: ' Dock 4 ', meetingUrl: null })],
      }),
    );
    expect(event).toMatchObject({ capacity: null, registrationOpensAt: null, registrationClosesAt: null });
    expect(event.sessions[0]).toMatchObject({ locationId: null, address: 'Dock 4', meetingUrl: null });
  });
});
