import { describe, expect, it } from 'vitest';
import {
  columnsForWidth,
  isNearBottom,
  rowCount,
  rowItems,
} from '@/features/team-dashboard/members/list-layout';

describe('member list layout', () => {
  it('puts one card per row on a phone and up to three on a wide screen', () => {
    expect(columnsForWidth(0)).toBe(1);
    expect(columnsForWidth(390)).toBe(1);
    expect(columnsForWidth(800)).toBe(2);
    expect(columnsForWidth(1400)).toBe(3);
  });

  it('cuts the cards into rows, the last one possibly short', () => {
    const cards = ['a', 'b', 'c', 'd', 'e'];
    expect(rowCount(cards.length, 2)).toBe(3);
    expect(rowItems(cards, 0, 2)).toEqual(['a', 'b']);
    expect(rowItems(cards, 2, 2)).toEqual(['e']);
    expect(rowCount(0, 3)).toBe(0);
  });

  it('asks for the next page within 20 px of the bottom, not before', () => {
    expect(isNearBottom({ scrollHeight: 2000, clientHeight: 650, scrollTop: 1350 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 2000, clientHeight: 650, scrollTop: 1330 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 2000, clientHeight: 650, scrollTop: 1329 })).toBe(false);
  });
});
