import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { statusParam } from '../../../contract/admin-list.ts';
import { searchParam } from '../../../contract/list-query.ts';

// The router reads `status=false` and `search=true` from the address as a boolean, `search=42` as a number.
describe('list search params as the address gives them', () => {
  it('reads the status filter from its word or the boolean, else all', () => {
    expect(v.parse(statusParam, false)).toBe('false');
    expect(v.parse(statusParam, true)).toBe('true');
    expect(v.parse(statusParam, 'false')).toBe('false');
    expect(v.parse(statusParam, 'maybe')).toBe('all');
    expect(v.parse(statusParam, undefined)).toBe('all');
  });

  it('keeps what was typed in the search as text', () => {
    expect(v.parse(searchParam, true)).toBe('true');
    expect(v.parse(searchParam, 42)).toBe('42');
    expect(v.parse(searchParam, '  crew  ')).toBe('crew');
    expect(v.parse(searchParam, { a: 1 })).toBe('');
    expect(v.parse(searchParam, 'a\u0000b')).toBe('');
  });
});
