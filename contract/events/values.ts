/** The checks of an event's values that are not valibot's own: zones, instants and links. */

/** IANA names are letters, digits, `_`, `+` and `-` in parts joined by `/`; an offset (`+01:00`) is none. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;
let canonicalZones: Map<string, string> | undefined;

/**
 * The zone's IANA name, or undefined when it is none. A canonical zone of
 * `Intl.supportedValuesOf('timeZone')` is taken in its own spelling, whatever the case sent; any
 * other name `Intl.DateTimeFormat` accepts (`UTC`, `US/Eastern`, `Asia/Kolkata`, which some Intl
 * versions list under an older name) is kept as sent, not swapped for the name Intl resolves it to.
 */
export function ianaTimeZone(value: string): string | undefined {
  canonicalZones ??= new Map(Intl.supportedValuesOf('timeZone').map((zone) => [zone.toLowerCase(), zone]));
  const canonical = canonicalZones.get(value.toLowerCase());
  if (canonical) return canonical;
  if (!IANA_NAME.test(value)) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    return undefined;
  }
}

const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * An ISO 8601 instant: a date and time with `Z` or an offset, so it names one moment whatever the
 * server's zone. Days that do not exist (30 February) are refused rather than rolled over.
 */
export function isInstant(text: string): boolean {
  const match = INSTANT.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [1, 2, 3, 4, 5, 6, 7, 8].map(
    (index) => Number(match[index] ?? 0),
  ) as [number, number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    offsetHours <= 14 &&
    offsetMinutes < 60 &&
    !Number.isNaN(Date.parse(text))
  );
}

/** An https link with a host and no credentials in it. */
export function isHttpsLink(text: string): boolean {
  if (!/^https:\/\/\S+$/i.test(text) || !URL.canParse(text)) return false;
  const url = new URL(text);
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}
