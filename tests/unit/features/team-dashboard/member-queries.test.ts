import { describe, expect, it } from 'vitest';
import { nextMemberPage } from '@/features/team-dashboard/member-queries';

const page = (number: number, totalPages: number, cards: number) => ({
  data: Array.from({ length: cards }, () => ({}) as never),
  page: number,
  limit: 20,
  totalPages,
  total: totalPages * 20,
});

describe('nextMemberPage', () => {
  it('asks for the next page while the last one is below totalPages', () => {
    expect(nextMemberPage(page(1, 3, 20))).toBe(2);
    expect(nextMemberPage(page(2, 3, 20))).toBe(3);
  });

  it('stops at the last page and at an empty page', () => {
    expect(nextMemberPage(page(3, 3, 5))).toBeUndefined();
    expect(nextMemberPage(page(2, 5, 0))).toBeUndefined();
  });
});
