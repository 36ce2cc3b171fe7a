import { describe, expect, it } from 'vitest';
import { ageOf, entryTouches, isQueuedAnswer, outboxHeaders } from '@/lib/outbox-headers';

describe('outboxHeaders', () => {
  it('URI-encodes the action and target and sends the query keys as JSON', () => {
    const headers = outboxHeaders({
      action: 'Edit member',
      target: 'Zoë Ångström',
      invalidate: [
        ['team-dashboard', 'team', 't1', 'members'],
        ['team-dashboard', 'member', 'm1'],
      ],
    });
    expect(headers['X-Outbox-Action']).toBe('Edit%20member');
    expect(headers['X-Outbox-Target']).toBe('Zo%C3%AB%20%C3%85ngstr%C3%B6m');
    expect(decodeURIComponent(headers['X-Outbox-Target'] ?? '')).toBe('Zoë Ångström');
    expect(JSON.parse(headers['X-Outbox-Invalidate'] ?? '')).toEqual([
      ['team-dashboard', 'team', 't1', 'members'],
      ['team-dashboard', 'member', 'm1'],
    ]);
    expect(headers['X-Client-Id']).toBeUndefined();
  });

  it('sends a client id only for a create, and no invalidate header when nothing is refetched', () => {
    const headers = outboxHeaders({ action: 'Add member', target: 'Jane Doe', clientId: 'c-1' });
    expect(headers['X-Client-Id']).toBe('c-1');
    expect(headers['X-Outbox-Invalidate']).toBeUndefined();
  });
});

describe('isQueuedAnswer', () => {
  it('takes only the worker’s 202 with queued: true', () => {
    expect(isQueuedAnswer(202, { queued: true, message: 'Saved offline.', clientId: null })).toBe(true);
    expect(isQueuedAnswer(200, { queued: true, message: 'Saved offline.' })).toBe(false);
    expect(isQueuedAnswer(202, { message: 'Accepted', results: null })).toBe(false);
    expect(isQueuedAnswer(202, null)).toBe(false);
  });
});

describe('entryTouches', () => {
  const id = '2b7c3f1e-8a7d-4c1e-9a55-0f3c1d2e4b6a';
  it('matches a change whose path names the record', () => {
    expect(entryTouches({ url: `/api/v1/user-portal/user/${id}`, clientId: null }, id)).toBe(true);
    expect(entryTouches({ url: `/api/v1/team/t1/member/${id}/resend-email`, clientId: null }, id)).toBe(true);
  });
  it('matches a create made offline by its client id', () => {
    expect(entryTouches({ url: '/api/v1/user-portal/add-user', clientId: id }, id)).toBe(true);
  });
  it('does not match another record whose id starts the same', () => {
    expect(entryTouches({ url: `/api/v1/user-portal/user/${id}0`, clientId: null }, id)).toBe(false);
    expect(entryTouches({ url: '/api/v1/team/set-default-Team', clientId: null }, id)).toBe(false);
    expect(entryTouches({ url: '/api/v1/user-portal/add-user', clientId: null }, '')).toBe(false);
  });
});

describe('ageOf', () => {
  const now = 1_000_000_000;
  it('words the age of an entry', () => {
    expect(ageOf(now - 10_000, now)).toBe('just now');
    expect(ageOf(now - 60_000, now)).toBe('1 minute ago');
    expect(ageOf(now - 2 * 60_000, now)).toBe('2 minutes ago');
    expect(ageOf(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(ageOf(now - 86_400_000, now)).toBe('1 day ago');
  });
});
