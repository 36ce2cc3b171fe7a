import { describe, expect, it } from 'vitest';
import { courseLink, mailDate } from '../../../../server/mail/mail-text.ts';

describe('mailDate', () => {
  it('writes a day as people read it', () => {
    expect(mailDate('2026-12-18')).toBe('18 December 2026');
    expect(mailDate('2027-01-02')).toBe('2 January 2027');
  });

  it('reads a timestamp text by its day', () => {
    expect(mailDate('2026-03-09 00:00:00+00')).toBe('9 March 2026');
  });

  it('writes an instant as its UTC day, whatever the server time zone', () => {
    expect(mailDate(new Date('2026-06-30T23:30:00Z'))).toBe('30 June 2026');
    expect(mailDate(new Date('2026-07-01T00:10:00+02:00'))).toBe('30 June 2026');
  });

  it('refuses what is not a date rather than writing "Invalid Date"', () => {
    expect(() => mailDate('soon')).toThrow(RangeError);
  });
});

describe('courseLink', () => {
  it("opens the course in the user portal's player", () => {
    expect(courseLink('https://train.example.com', 'c0ffee00-0000-4000-8000-000000000000')).toBe(
      'https://train.example.com/user-portal/learning-process/course/c0ffee00-0000-4000-8000-000000000000',
    );
  });
});
