import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  assignTrainingSearchSchema,
  type DashboardSearch,
  dashboardSearchSchema,
  rememberMemberFilters,
  restoreMemberFilters,
} from '@/features/team-dashboard/search';

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

  it('reads the member list’s search and filters as given, an absent one as none given', () => {
    const parsed = v.parse(dashboardSearchSchema, { memberSearch: ' ada ', role: 'all', sort: 'most' });
    expect(parsed).toMatchObject({ memberSearch: 'ada', role: 'all', sort: 'most' });
    expect(parsed.department).toBeUndefined();
    expect(v.parse(dashboardSearchSchema, { sort: 7 }).sort).toBeUndefined();
  });
});

describe('restoreMemberFilters', () => {
  const other = '33333333-3333-4333-8333-333333333333';
  const base = v.parse(dashboardSearchSchema, { team });
  const navigate = (to: Partial<DashboardSearch>) =>
    restoreMemberFilters({ search: base, next: () => ({ ...base, ...to }) });
  const left = {
    memberSearch: 'lee',
    role: 'all',
    department: 'all',
    location: 'all',
    sort: 'descending',
  };
  rememberMemberFilters(team, left);

  it('gives a way back that names no member filter the ones the team’s list was left with', () => {
    expect(navigate({ team })).toMatchObject({ team, memberSearch: 'lee', sort: 'descending' });
  });

  it('keeps what a navigation names, defaults included, and leaves other teams alone', () => {
    const cleared = { ...left, memberSearch: '', sort: 'ascending' };
    expect(navigate({ team, ...cleared })).toMatchObject({ memberSearch: '', sort: 'ascending' });
    expect(navigate({ team: other }).memberSearch).toBeUndefined();
  });
});
