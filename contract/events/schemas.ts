import * as v from 'valibot';
import { recordVersion } from '../admin-list.ts';
import { isUuid, noNul, optionalText, requiredText } from '../validation.ts';
import {
  EVENT_ADDRESS_MAX,
  EVENT_CAPACITY_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_MAX_INSTRUCTORS,
  EVENT_MAX_SESSIONS,
  EVENT_MEETING_URL_MAX,
  EVENT_TITLE_MAX,
  eventMessages as m,
} from './resource.ts';
import { ianaTimeZone, isHttpsLink, isInstant } from './values.ts';

// A missing field reads as empty so it gets the field's own message, not valibot's generic one.

const title = requiredText(m.titleRequired, EVENT_TITLE_MAX, m.titleTooLong);
const categoryId = v.optional(
  v.pipe(v.string(m.categoryRequired), v.trim(), v.uuid(m.categoryRequired), v.toLowerCase()),
  '',
);
const description = optionalText(m.descriptionTooLong, EVENT_DESCRIPTION_MAX);
const timeZone = v.optional(
  v.pipe(
    v.string(m.timeZoneInvalid),
    v.trim(),
    v.maxLength(100, m.timeZoneInvalid),
    v.check((value) => ianaTimeZone(value) !== undefined, m.timeZoneInvalid),
    v.transform((value) => ianaTimeZone(value) as string),
  ),
  '',
);
const capacity = v.optional(
  v.nullable(
    v.pipe(
      v.number(m.capacityInvalid),
      v.integer(m.capacityInvalid),
      v.minValue(1, m.capacityInvalid),
      v.maxValue(EVENT_CAPACITY_MAX, m.capacityInvalid),
    ),
  ),
  null,
);

/** A required instant, as ISO text in UTC. */
const instant = (message: string) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.trim(),
      v.check(isInstant, message),
      v.transform((value) => new Date(value).toISOString()),
    ),
    '',
  );

/** An instant or nothing: null, left out or empty. */
const optionalInstant = (message: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(message),
        v.trim(),
        v.check((value) => value === '' || isInstant(value), message),
        v.transform((value) => (value === '' ? null : new Date(value).toISOString())),
      ),
    ),
    null,
  );

/** Text or nothing: null, left out or empty (blank) all read as null. */
const orNull = <S extends v.GenericSchema<unknown, string>>(schema: S) =>
  v.optional(
    v.nullable(
      v.pipe(
        schema,
        v.transform((value: string) => (value === '' ? null : value)),
      ),
    ),
    null,
  );

const sessionEntries = {
  startsAt: instant(m.startsAtInvalid),
  endsAt: instant(m.endsAtInvalid),
  timeZone,
  locationId: orNull(
    v.pipe(
      v.string(m.locationInvalid),
      v.trim(),
      v.check((value) => value === '' || isUuid(value), m.locationInvalid),
      v.toLowerCase(),
    ),
  ),
  address: orNull(
    v.pipe(v.string(m.addressTooLong), v.trim(), v.maxLength(EVENT_ADDRESS_MAX, m.addressTooLong), noNul),
  ),
  meetingUrl: orNull(
    v.pipe(
      v.string(m.meetingUrlInvalid),
      v.trim(),
      v.maxLength(EVENT_MEETING_URL_MAX, m.meetingUrlTooLong),
      noNul,
      v.check((value) => value === '' || isHttpsLink(value), m.meetingUrlInvalid),
    ),
  ),
};

type Loose = Record<string, unknown>;
const filled = (value: Loose, key: string) => typeof value[key] === 'string' && value[key].trim() !== '';

/**
 * A session ends after it starts, and is held at a place (a location or an address, not both), at
 * a link, or both. The place is checked even when other fields are wrong, so the form shows every
 * message at once; the order only once both times are valid.
 */
function sessionRules<T>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    const value = dataset.value as Loose | null;
    if (typeof value !== 'object' || value === null) return;
    const at = (key: string): [v.ObjectPathItem] => [
      { type: 'object', origin: 'value', input: value, key, value: value[key] },
    ];
    if (!filled(value, 'locationId') && !filled(value, 'address') && !filled(value, 'meetingUrl'))
      addIssue({ message: m.placeRequired });
    if (filled(value, 'locationId') && filled(value, 'address'))
      addIssue({ message: m.placeTwice, path: at('address') });
    const { startsAt, endsAt } = value;
    if (
      typeof startsAt === 'string' &&
      typeof endsAt === 'string' &&
      isInstant(startsAt.trim()) &&
      isInstant(endsAt.trim()) &&
      Date.parse(endsAt) <= Date.parse(startsAt)
    )
      addIssue({ message: m.endsBeforeStart, path: at('endsAt') });
  });
}

const session = v.pipe(v.object(sessionEntries, m.sessionInvalid), sessionRules());
/** In an update, a session sent with its `id` keeps it (and its attendance). */
const sessionWithId = v.pipe(
  v.object(
    {
      id: v.optional(v.pipe(v.string(m.sessionIdInvalid), v.uuid(m.sessionIdInvalid), v.toLowerCase())),
      ...sessionEntries,
    },
    m.sessionInvalid,
  ),
  sessionRules(),
);

const sessionList = <S extends typeof session | typeof sessionWithId>(item: S) =>
  v.optional(
    v.pipe(
      v.array(item, m.sessionsRequired),
      v.minLength(1, m.sessionsRequired),
      v.maxLength(EVENT_MAX_SESSIONS, m.sessionsTooMany),
    ),
    [],
  );

const instructorIds = v.optional(
  v.pipe(
    v.array(
      v.pipe(v.string(m.instructorsInvalid), v.uuid(m.instructorsInvalid), v.toLowerCase()),
      m.instructorsInvalid,
    ),
    v.maxLength(EVENT_MAX_INSTRUCTORS, m.instructorsTooMany),
  ),
  [],
);

/** Registration closes after it opens, when both are given. */
function registrationRule<T>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    const value = dataset.value as Loose | null;
    if (typeof value !== 'object' || value === null) return;
    const { registrationOpensAt: opens, registrationClosesAt: closes } = value;
    if (typeof opens !== 'string' || typeof closes !== 'string') return;
    if (!isInstant(opens.trim()) || !isInstant(closes.trim())) return;
    if (Date.parse(closes) > Date.parse(opens)) return;
    addIssue({
      message: m.registrationOrder,
      path: [{ type: 'object', origin: 'value', input: value, key: 'registrationClosesAt', value: closes }],
    });
  });
}

const fields = {
  title,
  categoryId,
  description,
  timeZone,
  capacity,
  waitlist: v.optional(v.boolean(m.waitlistInvalid), true),
  registrationOpensAt: optionalInstant(m.registrationOpensInvalid),
  registrationClosesAt: optionalInstant(m.registrationClosesInvalid),
  instructorIds,
};

/**
 * POST /event: the event's fields, its instructors and 1 to 20 sessions; published unless `status`
 * says otherwise. Times are ISO instants, each session with the IANA zone it was set in.
 */
export const eventSchema = v.pipe(
  v.object({
    ...fields,
    status: v.optional(v.boolean(m.statusInvalid), true),
    sessions: sessionList(session),
  }),
  registrationRule(),
);
export type EventInput = v.InferInput<typeof eventSchema>;
export type EventValues = v.InferOutput<typeof eventSchema>;

/**
 * PATCH /event/{id}: the same fields and the `version` the form read; a status left out stays as
 * it is. The sessions sent replace the event's: one with its `id` is kept, one left out is deleted.
 */
export const eventUpdateSchema = v.pipe(
  v.object({
    ...fields,
    status: v.optional(v.boolean(m.statusInvalid)),
    sessions: sessionList(sessionWithId),
    version: recordVersion,
  }),
  registrationRule(),
);
export type EventUpdateInput = v.InferInput<typeof eventUpdateSchema>;
export type EventUpdateValues = v.InferOutput<typeof eventUpdateSchema>;
