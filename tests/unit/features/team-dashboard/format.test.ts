import { describe, expect, it } from 'vitest';
import { fullName, progressLabel } from '@/features/team-dashboard/format';

describe('dashboard formats', () => {
  it('labels progress as done of assigned', () => {
    expect(progressLabel(3, 5)).toBe('3/5');
  });

  it('joins the name parts', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });
});
