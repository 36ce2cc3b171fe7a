import { describe, expect, it } from 'vitest';
import { splitColumns, tableLayout } from '@/ui/table-layout';

describe('tableLayout', () => {
  it('gives a phone cards, a tablet folded rows and a desktop the whole table', () => {
    expect(tableLayout({ belowSm: true, belowMd: true })).toBe('cards');
    expect(tableLayout({ belowSm: false, belowMd: true })).toBe('folded');
    expect(tableLayout({ belowSm: false, belowMd: false })).toBe('table');
  });
});

describe('splitColumns', () => {
  const columns = ['name', 'email', 'groups', 'status', 'actions'].map((accessor) => ({ accessor }));

  it('leads with the first column, folds the others and keeps status and actions apart, in order', () => {
    expect(splitColumns(columns, ['status', 'actions'])).toEqual({
      lead: { accessor: 'name' },
      rest: [{ accessor: 'email' }, { accessor: 'groups' }],
      kept: [{ accessor: 'status' }, { accessor: 'actions' }],
    });
  });

  it('takes the first column that is not kept as the lead', () => {
    const split = splitColumns([{ accessor: 'actions' }, { accessor: 'title' }], ['actions']);
    expect(split.lead).toEqual({ accessor: 'title' });
    expect(split.kept).toEqual([{ accessor: 'actions' }]);
  });

  it('has no lead when every column is kept', () => {
    expect(splitColumns([{ accessor: 'actions' }], ['actions']).lead).toBeUndefined();
  });
});
