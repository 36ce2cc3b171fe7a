import { tzlib_get_ical_block } from 'timezones-ical-library';

/**
 * VTIMEZONE components for the IANA zones sessions are held in. A calendar that names a TZID
 * must define it (RFC 5545 §3.8.3.1); Outlook in particular shows a session at the wrong hour
 * without one. The definitions come from timezones-ical-library, built from the current IANA
 * database, rather than from rules written here.
 */

/**
 * The name a zone goes by in the calendar: the library answers an alias (`US/Eastern`,
 * `Europe/Kiev`) with its canonical zone's component, so the dates must name that zone too, or
 * their TZID would point at a component that is not there.
 */
export function calendarTimeZone(timeZone: string): string {
  return vtimezone(timeZone).tzid;
}

/** The VTIMEZONE text for a zone: ical-generator's `timezone.generator`. */
export function vtimezoneComponent(timeZone: string): string {
  return vtimezone(timeZone).component;
}

function vtimezone(timeZone: string): { tzid: string; component: string } {
  // Intl knows every IANA name and alias: asked first, as the library logs a name it does not know.
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new RangeError(`Not an IANA time zone: ${timeZone}`);
  }
  // An array [component, 'TZID=…'] for a known zone, an error text otherwise.
  const block = tzlib_get_ical_block(timeZone);
  const [component, tzidParameter] = Array.isArray(block) ? block : [];
  if (!component || !tzidParameter?.startsWith('TZID=')) {
    throw new RangeError(`No VTIMEZONE for the time zone ${timeZone}`);
  }
  return { tzid: tzidParameter.slice('TZID='.length), component };
}
