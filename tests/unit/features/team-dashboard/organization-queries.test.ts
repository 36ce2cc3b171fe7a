import { describe, expect, it } from 'vitest';
import { defaultTeamId, leadsTeam } from '@/features/team-dashboard/organization-queries';

const growth = { _id: '11111111-1111-4111-8111-111111111111', title: 'Growth Team' };
const enterprise = { _id: '22222222-2222-4222-8222-222222222222', title: 'Enterprise Team' };

describe('the team to show', () => {
  it('is the default organization, else the first one, else none', () => {
    expect(defaultTeamId({ data: [growth, enterprise], default: enterprise._id })).toBe(enterprise._id);
    expect(defaultTeamId({ data: [growth, enterprise], default: null })).toBe(growth._id);
    // A default the user no longer leads is not used.
    expect(defaultTeamId({ data: [growth], default: enterprise._id })).toBe(growth._id);
    expect(defaultTeamId({ data: [], default: null })).toBeNull();
  });

  it('must be one of the teams the user leads', () => {
    const list = { data: [growth], default: growth._id };
    expect(leadsTeam(list, growth._id)).toBe(true);
    expect(leadsTeam(list, enterprise._id)).toBe(false);
    expect(leadsTeam(list, undefined)).toBe(false);
  });
});
