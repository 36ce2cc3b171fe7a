import type { MemberListFilters, MemberSort, TeamMemberCard } from '@contract/team-dashboard';

/**
 * The member list's search and sorts done on the device, over the cards saved for offline use, as
 * the server does them (server/modules/team-members/member-list.ts). Role, department and location are not on a
 * card, so those filters cannot be answered from saved cards.
 */
export function canFilterSaved(filters: MemberListFilters): boolean {
  return filters.role === 'all' && filters.department === 'all' && filters.location === 'all';
}

/** The server's ILIKE on first name, last name, both, or email: case-insensitive, anywhere. */
function matches(card: TeamMemberCard, search: string): boolean {
  if (!search) return true;
  const term = search.toLocaleLowerCase();
  return [card.firstName, card.lastName, `${card.firstName} ${card.lastName}`, card.email].some((text) =>
    text.toLocaleLowerCase().includes(term),
  );
}

/** Names as the server orders them: last name, first name, lower case, then the id. */
function byName(a: TeamMemberCard, b: TeamMemberCard): number {
  const key = (card: TeamMemberCard) => [card.lastName.toLowerCase(), card.firstName.toLowerCase(), card._id];
  const [left, right] = [key(a), key(b)];
  for (let index = 0; index < left.length; index += 1) {
    const l = left[index] as string;
    const r = right[index] as string;
    if (l !== r) return l < r ? -1 : 1;
  }
  return 0;
}

/** The count a progress sort orders by, and whether most come first. */
const progressSorts: Partial<Record<MemberSort, { count: (card: TeamMemberCard) => number; most: boolean }>> =
  {
    'most-course': { count: (card) => card.coursesCompleted, most: true },
    completed: { count: (card) => card.coursesCompleted, most: false },
    most: { count: (card) => card.checklistsCompleted, most: true },
    least: { count: (card) => card.checklistsCompleted, most: false },
  };

/** The saved cards that match the search, in the list's sort; null when a filter needs the server. */
export function filterSavedMembers(
  cards: readonly TeamMemberCard[],
  filters: MemberListFilters,
): TeamMemberCard[] | null {
  if (!canFilterSaved(filters)) return null;
  const search = filters.search.trim();
  const found = cards.filter((card) => matches(card, search));
  const progress = progressSorts[filters.sort];
  if (progress) {
    // Ties by name, ascending, as on the server.
    return found.sort((a, b) => {
      const difference = progress.count(a) - progress.count(b);
      if (difference !== 0) return progress.most ? -difference : difference;
      return byName(a, b);
    });
  }
  return found.sort((a, b) => (filters.sort === 'descending' ? byName(b, a) : byName(a, b)));
}

/** Each card once, first seen first: pages of a list may overlap when members join between reads. */
export function uniqueCards(cards: readonly TeamMemberCard[]): TeamMemberCard[] {
  const seen = new Set<string>();
  return cards.filter((card) => {
    if (seen.has(card._id)) return false;
    seen.add(card._id);
    return true;
  });
}
