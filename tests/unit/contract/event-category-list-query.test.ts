import {
  eventCategoryApiQuery,
  eventCategoryListQuery,
  toEventCategoryApiQuery,
} from '@contract/event-categories/list-query';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const api = (query: Record<string, unknown>) => v.parse(eventCategoryApiQuery, query);

describe("the event categories list's status filter", () => {
  it("reads the spec's filter=status:x, and status=x as the other lists send it", () => {
    expect(api({ filter: 'status:false' })).toEqual({ page: 1, limit: 10, search: '', status: 'false' });
    expect(api({ filter: 'status:true', page: '2', limit: '20' })).toMatchObject({
      page: 2,
      limit: 20,
      status: 'true',
    });
    expect(api({ status: 'false' }).status).toBe('false');
    // The spec's filter wins when both are sent.
    expect(api({ status: 'false', filter: 'status:all' }).status).toBe('all');
  });

  it('takes any other filter for no filter', () => {
    for (const filter of ['status:maybe', 'status:', 'title:x', 'false', '', ['status:true']])
      expect(api({ filter }).status, JSON.stringify(filter)).toBe('all');
  });

  it("sends the screen's status as the spec's filter, which the server reads back the same", () => {
    for (const status of ['all', 'true', 'false'] as const) {
      const search = v.parse(eventCategoryListQuery, { search: 'drill', status, page: 3, limit: 15 });
      const sent = toEventCategoryApiQuery(search);
      expect(sent).toEqual({ page: 3, limit: 15, search: 'drill', filter: `status:${status}` });
      expect(api(sent)).toEqual(search);
    }
  });
});
