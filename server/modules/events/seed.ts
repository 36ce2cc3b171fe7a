import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { asc, eq } from 'drizzle-orm';
import { meetingProvider } from '../../../contract/events/meeting-provider.ts';
import type { Transaction } from '../../db/client.ts';
import { eventCategories } from '../../db/schema/event-categories.ts';
import { eventSessions, events } from '../../db/schema/events.ts';
import { locations } from '../../db/schema/lookups.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const ZONE = 'Europe/London';

/** A wall-clock time in London `days` after `now`, as an instant. */
const at = (now: Date, days: number, time: string) =>
  dayjs.tz(`${dayjs(now).tz(ZONE).add(days, 'day').format('YYYY-MM-DD')} ${time}`, ZONE).toDate();

/**
 * Demo events in the weeks after the install, with no one on them yet: a two-day workshop at a
 * location, a first-aid day at an address, and a webinar with a meeting link.
 */
export async function seedEvents(tx: Transaction, now: Date) {
  const category = async (title: string) => {
    const [row] = await tx
      .select({ id: eventCategories.id })
      .from(eventCategories)
      .where(eq(eventCategories.title, title));
    return row?.id ?? null;
  };
  const [place] = await tx
    .select({ id: locations.id })
    .from(locations)
    .orderBy(asc(locations.title))
    .limit(1);
  const demo = [
    {
      title: 'Forklift practical',
      categoryId: await category('Workshop'),
      description: 'Two mornings on the yard with an instructor: checks, loading and a practical test.',
      capacity: 8,
      sessions: [
        {
          startsAt: at(now, 14, '09:00'),
          endsAt: at(now, 14, '12:30'),
          locationId: place?.id ?? null,
          address: place ? null : 'North yard, gate 3',
        },
        {
          startsAt: at(now, 15, '09:00'),
          endsAt: at(now, 15, '12:30'),
          locationId: place?.id ?? null,
          address: place ? null : 'North yard, gate 3',
        },
      ],
    },
    {
      title: 'First aid day',
      categoryId: await category('Safety Drill'),
      description: 'Resuscitation, recovery position and the first-aid kit, with a certificate at the end.',
      capacity: 12,
      sessions: [
        {
          startsAt: at(now, 21, '09:30'),
          endsAt: at(now, 21, '16:30'),
          locationId: null,
          address: 'Training room B, 12 Mill Lane',
        },
      ],
    },
    {
      title: 'Onboarding webinar',
      categoryId: await category('Webinar'),
      description: 'An hour online for new starters: who is who, the tools, and where to ask.',
      capacity: null,
      sessions: [
        {
          startsAt: at(now, 7, '14:00'),
          endsAt: at(now, 7, '15:00'),
          locationId: null,
          address: null,
          meetingUrl: 'https://teams.microsoft.com/l/meetup-join/onboarding',
        },
      ],
    },
  ];
  for (const { sessions, ...event } of demo) {
    const [created] = await tx
      .insert(events)
      .values({ ...event, timeZone: ZONE, waitlist: true, status: true })
      .returning({ id: events.id });
    if (!created) throw new Error('Inserting a demo event returned nothing');
    await tx.insert(eventSessions).values(
      sessions.map((session, index) => {
        const meetingUrl = 'meetingUrl' in session ? session.meetingUrl : null;
        return {
          ...session,
          eventId: created.id,
          position: index + 1,
          timeZone: ZONE,
          meetingUrl,
          meetingProvider: meetingUrl ? meetingProvider(meetingUrl) : null,
        };
      }),
    );
  }
}
