import { describe, expect, it } from 'vitest';
import { toChoicePage } from '@/lib/choice-pages';
import { mergeChoices } from '@/ui/remote-multi-select';

describe('mergeChoices', () => {
  it('offers the chosen values first by their known labels, then new results once each', () => {
    const labels = new Map([['a', 'Alpha']]);
    expect(
      mergeChoices(['a'], labels, [
        { value: 'b', label: 'Beta' },
        { value: 'a', label: 'Alpha' },
      ]),
    ).toEqual([
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: 'Beta' },
    ]);
  });

  it('names a chosen value by its id when no label was ever seen, and leaves excluded results out', () => {
    expect(mergeChoices(['x'], new Map(), [{ value: 'self', label: 'This team' }], ['self'])).toEqual([
      { value: 'x', label: 'x' },
    ]);
  });
});

describe('toChoicePage', () => {
  const page = (number: number, totalPages: number) => ({
    data: [{ id: 'u1', name: 'Ada' }],
    page: number,
    limit: 20,
    totalPages,
    total: 21,
  });
  const toChoice = (item: { id: string; name: string }) => ({ value: item.id, label: item.name });

  it('asks for the next page while there is one, and for none after the last', () => {
    expect(toChoicePage(page(1, 2), toChoice)).toEqual({
      choices: [{ value: 'u1', label: 'Ada' }],
      nextPage: 2,
    });
    expect(toChoicePage(page(2, 2), toChoice).nextPage).toBeUndefined();
  });
});
