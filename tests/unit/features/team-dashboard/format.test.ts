import { describe, expect, it } from 'vitest';
import { formatDate, fullName, NO_VALUE, progressLabel } from '@/features/team-dashboard/format';

describe('dashboard formats', () => {
  it('shows a calendar date as that day, whatever the time zone', () => {
    expect(formatDate('2031-03-14')).toBe('Mar 14, 2031');
  });

  it('shows a dash for a date that is not set or not a date', () => {
    expect(formatDate(null)).toBe(NO_VALUE);
    expect(formatDate('')).toBe(NO_VALUE);
    expect(formatDate('soon')).toBe(NO_VALUE);
  });

  it('labels progress as done of assigned', () => {
    expect(progressLabel(3, 5)).toBe('3/5');
  });

  it('joins the name parts', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });
});
