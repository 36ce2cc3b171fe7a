import type { MemberListFilters, TeamMemberCard } from '@contract/team-dashboard';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MEMBER_FILTERS } from '@/features/team-dashboard/member-queries';
import {
  canFilterSaved,
  filterSavedMembers,
  uniqueCards,
} from '@/features/team-dashboard/members/saved-members';

const card = (
  _id: string,
  firstName: string,
  lastName: string,
  courses = 0,
  checklists = 0,
): TeamMemberCard => ({
  _id,
  firstName,
  lastName,
  email: `${firstName}.${lastName}@example.com`.toLowerCase(),
  profilePicture: null,
  coursesAssigned: 5,
  coursesCompleted: courses,
  courseProgress: courses * 20,
  checklistsAssigned: 5,
  checklistsCompleted: checklists,
  checklistProgress: checklists * 20,
});

const saved = [
  card('c', 'Cara', 'Young', 1, 3),
  card('a', 'Ada', 'Lovelace', 4, 0),
  card('b', 'Ben', 'lovelace', 2, 5),
  card('d', 'Dan', 'Abbot', 2, 1),
];
const ids = (cards: TeamMemberCard[] | null) => cards?.map((found) => found._id);
const filters = (patch: Partial<MemberListFilters>): MemberListFilters => ({
  ...DEFAULT_MEMBER_FILTERS,
  ...patch,
});

describe('filterSavedMembers', () => {
  it('searches first name, last name, both and email, in any case, anywhere', () => {
    expect(ids(filterSavedMembers(saved, filters({ search: 'LOVE' })))).toEqual(['a', 'b']);
    expect(ids(filterSavedMembers(saved, filters({ search: 'ada love' })))).toEqual(['a']);
    expect(ids(filterSavedMembers(saved, filters({ search: 'dan.abbot@' })))).toEqual(['d']);
    expect(ids(filterSavedMembers(saved, filters({ search: '  cara ' })))).toEqual(['c']);
    expect(filterSavedMembers(saved, filters({ search: 'nobody' }))).toEqual([]);
  });

  it('sorts by last name, then first name, as the server does, both ways', () => {
    expect(ids(filterSavedMembers(saved, filters({})))).toEqual(['d', 'a', 'b', 'c']);
    expect(ids(filterSavedMembers(saved, filters({ sort: 'descending' })))).toEqual(['c', 'b', 'a', 'd']);
  });

  it('sorts by completed courses or checklists, ties by name', () => {
    expect(ids(filterSavedMembers(saved, filters({ sort: 'most-course' })))).toEqual(['a', 'd', 'b', 'c']);
    expect(ids(filterSavedMembers(saved, filters({ sort: 'completed' })))).toEqual(['c', 'd', 'b', 'a']);
    expect(ids(filterSavedMembers(saved, filters({ sort: 'most' })))).toEqual(['b', 'c', 'd', 'a']);
    expect(ids(filterSavedMembers(saved, filters({ sort: 'least' })))).toEqual(['a', 'd', 'c', 'b']);
  });

  it('leaves role, department and location to the server: cards do not carry them', () => {
    const role = filters({ role: '11111111-1111-4111-8111-111111111111' });
    expect(canFilterSaved(role)).toBe(false);
    expect(filterSavedMembers(saved, role)).toBeNull();
    expect(canFilterSaved(filters({ search: 'x', sort: 'most' }))).toBe(true);
  });

  it('does not reorder the saved pages it was given', () => {
    const before = ids(saved);
    filterSavedMembers(saved, filters({ sort: 'descending' }));
    expect(ids(saved)).toEqual(before);
  });
});

describe('uniqueCards', () => {
  it('keeps each member once, where first seen', () => {
    expect(ids(uniqueCards([...saved, card('a', 'Ada', 'Lovelace')]))).toEqual(['c', 'a', 'b', 'd']);
  });
});
