import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { assignTrainingSearchSchema, dashboardSearchSchema } from '@/features/team-dashboard/search';

const team = '11111111-1111-4111-8111-111111111111';

describe('team dashboard search', () => {
  it('keeps good values', () => {
    expect(v.parse(dashboardSearchSchema, { activeTab: 'trainings', team, page: '3', limit: '25' })).toEqual({
      activeTab: 'trainings',
      team,
      page: 3,
      limit: 25,
      search: '',
    });
  });

  it('falls back from bad values instead of failing', () => {
    expect(
      v.parse(dashboardSearchSchema, { activeTab: 'nope', team: 'not-a-uuid', page: '-2', limit: '7' }),
    ).toEqual({ activeTab: 'team-member', team: undefined, page: 1, limit: 10, search: '' });
    const empty = v.parse(dashboardSearchSchema, {});
    expect(empty.activeTab).toBe('team-member');
    expect(empty.team).toBeUndefined();
  });

  it('reads the assign-training team and training, dropping bad ids', () => {
    expect(v.parse(assignTrainingSearchSchema, { team, trainingId: 'x' })).toEqual({
      team,
      trainingId: undefined,
    });
  });
});
