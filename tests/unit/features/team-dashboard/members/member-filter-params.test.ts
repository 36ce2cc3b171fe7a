import { describe, expect, it } from 'vitest';
import { memberFilterParams, memberFilters } from '@/features/team-dashboard/members/member-filter-params';

const role = '22222222-2222-4222-8222-222222222222';

describe('memberFilters', () => {
  it('fills what the address does not give with the defaults', () => {
    expect(memberFilters({ memberSearch: 'ada', role })).toEqual({
      search: 'ada',
      role,
      department: 'all',
      location: 'all',
      sort: 'ascending',
    });
  });

  it('reads a bad value as its default, as the API does', () => {
    expect(memberFilters({ role: 'admins', location: 'x', sort: 'sideways' })).toEqual({
      search: '',
      role: 'all',
      department: 'all',
      location: 'all',
      sort: 'ascending',
    });
  });

  it('gives every filter back as a search param, defaults too', () => {
    const filters = memberFilters({ sort: 'most' });
    expect(memberFilterParams(filters)).toEqual({
      memberSearch: '',
      role: 'all',
      department: 'all',
      location: 'all',
      sort: 'most',
    });
  });
});
