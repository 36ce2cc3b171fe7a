import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, NO_DATE, parseDateInput } from '@/lib/format-date';

// West of Greenwich, where a calendar day read as UTC midnight would be the day before. Set for the
// whole file: a formatter keeps the time zone it was made in.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  process.env.TZ = zone;
});

describe('formatDate', () => {
  it('writes a date in the medium style of the locale', () => {
    expect(formatDate('2031-03-14', 'en-US')).toBe('Mar 14, 2031');
    expect(formatDate('2031-03-14', 'de-DE')).toBe('14.03.2031');
    expect(formatDate('2031-03-14', 'en-GB')).toBe('14 Mar 2031');
  });

  it('shows a calendar day as that day in any time zone', () => {
    expect(formatDate('2031-01-01', 'en-US')).toBe('Jan 1, 2031');
  });

  it('writes a moment in the user’s time zone, with the time where asked', () => {
    expect(formatDate('2031-03-14T05:00:00.000Z', 'en-US')).toBe('Mar 13, 2031');
    expect(formatDateTime('2031-03-14T17:30:00.000Z', 'en-US')).toBe('Mar 14, 2031, 10:30 AM');
    expect(formatDateTime(Date.UTC(2031, 2, 14, 17, 30), 'en-US')).toBe('Mar 14, 2031, 10:30 AM');
  });

  it('uses the device’s own locale when none is given', () => {
    const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(
      new Date(2031, 2, 14),
    );
    expect(formatDate('2031-03-14')).toBe(expected);
  });

  it('shows a dash for a date that is not set or not a date', () => {
    expect(formatDate(null)).toBe(NO_DATE);
    expect(formatDate(undefined)).toBe(NO_DATE);
    expect(formatDate('')).toBe(NO_DATE);
    expect(formatDate('soon')).toBe(NO_DATE);
    expect(formatDateTime('soon')).toBe(NO_DATE);
  });
});

describe('parseDateInput', () => {
  it('reads back what formatDate wrote, in any locale', () => {
    for (const locale of ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP']) {
      expect(parseDateInput(formatDate('2031-03-14', locale), locale), locale).toBe('2031-03-14');
    }
  });

  it('reads yyyy-mm-dd and the locale’s figures', () => {
    expect(parseDateInput('2031-03-14', 'en-US')).toBe('2031-03-14');
    expect(parseDateInput('3/14/2031', 'en-US')).toBe('2031-03-14');
    expect(parseDateInput('14.3.2031', 'de-DE')).toBe('2031-03-14');
    expect(parseDateInput('march 14 2031', 'en-US')).toBe('2031-03-14');
  });

  it('refuses what is not a real day', () => {
    expect(parseDateInput('', 'en-US')).toBeNull();
    expect(parseDateInput('2031-02-30', 'en-US')).toBeNull();
    expect(parseDateInput('14/3/2031', 'en-US')).toBeNull();
    expect(parseDateInput('next week', 'en-US')).toBeNull();
  });
});
