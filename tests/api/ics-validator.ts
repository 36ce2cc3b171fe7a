import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Reads `.ics` text with a real iCalendar parser, Debian's python3-vobject (installed by .ci/run),
 * its validation on, and checks too what it lets through and calendars refuse: a TZID with no
 * VTIMEZONE, an end before the start, lines not CRLF or longer than 75 octets. Prints what it read
 * as JSON, times resolved through the VTIMEZONE in the file, so tests assert what a calendar sees.
 */
const validator = String.raw`
import datetime, json, re, sys, vobject
from vobject.icalendar import TimezoneComponent
raw = open(sys.argv[1], 'rb').read()
lines = raw.split(b'\r\n')
assert lines[-1] == b'', 'the text ends with CRLF'
for line in lines:
    assert b'\n' not in line and b'\r' not in line, 'every line ends with CRLF'
    assert len(line) <= 75, 'line longer than 75 octets: %r' % line
text = raw.decode('utf-8')
cal = vobject.readOne(text, validate=True)
cal.validate(raiseException=True)
defined = {tz.tzid.value for tz in cal.contents.get('vtimezone', [])}
for tzid in re.findall(r';TZID=([^:;]+)', re.sub(r'\r\n[ \t]', '', text)):
    assert tzid in defined, 'TZID %s has no VTIMEZONE' % tzid
def value(component, name):
    found = component.contents.get(name)
    return found[0].value if found else None
def when(prop):
    v = prop.value
    return {'utc': v.astimezone(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ'),
            'local': v.strftime('%Y-%m-%dT%H:%M:%S'),
            'tzid': TimezoneComponent.pickTzid(v.tzinfo)}
events = []
for e in cal.vevent_list:
    assert e.dtend.value > e.dtstart.value, 'DTEND after DTSTART'
    events.append({
        'uid': e.uid.value, 'sequence': int(e.sequence.value), 'status': value(e, 'status'),
        'summary': value(e, 'summary'), 'description': value(e, 'description'),
        'location': value(e, 'location'), 'url': value(e, 'url'), 'organizer': value(e, 'organizer'),
        'attendees': [{'address': a.value, 'cn': a.params.get('CN', [None])[0],
                       'partstat': a.params.get('PARTSTAT', [None])[0]} for a in e.contents.get('attendee', [])],
        'start': when(e.dtstart), 'end': when(e.dtend)})
print(json.dumps({'method': value(cal, 'method'), 'name': value(cal, 'x-wr-calname'),
                  'timezones': sorted(defined), 'events': events}))
`;

interface When {
  utc: string;
  local: string;
  tzid: string;
}
export interface ParsedCalendar {
  method: string | null;
  name: string | null;
  timezones: string[];
  events: {
    uid: string;
    sequence: number;
    status: string | null;
    summary: string | null;
    description: string | null;
    location: string | null;
    url: string | null;
    organizer: string | null;
    attendees: { address: string; cn: string | null; partstat: string | null }[];
    start: When;
    end: When;
  }[];
}

let python: Promise<string> | undefined;

/** Debian's package goes to the system interpreter, which a python3 earlier in PATH may not see. */
async function findPython(): Promise<string> {
  for (const candidate of ['/usr/bin/python3', 'python3']) {
    const found = await promisify(execFile)(candidate, ['-c', 'import vobject']).then(
      () => true,
      () => false,
    );
    if (found) return candidate;
  }
  throw new Error('No python3 with vobject: apt-get install python3-vobject (.ci/run does).');
}

/** The validator's exit code, what it read when it accepted the text, and why it refused it. */
export async function validateIcs(
  ics: string,
): Promise<{ code: number; parsed: ParsedCalendar | null; stderr: string }> {
  python ??= findPython();
  const folder = mkdtempSync(join(tmpdir(), 'ics-'));
  const file = join(folder, 'calendar.ics');
  writeFileSync(file, ics);
  try {
    return await promisify(execFile)(await python, ['-c', validator, file]).then(
      ({ stdout }) => ({ code: 0, parsed: JSON.parse(stdout) as ParsedCalendar, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, parsed: null, stderr: error.stderr }),
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
