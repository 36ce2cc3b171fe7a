import { describe, expect, it } from 'vitest';
import { failedSyncMessage, newlyFailed, outboxBadge } from '@/ui/outbox-badge';

describe('outboxBadge', () => {
  it('is not shown while nothing waits or failed', () => {
    expect(outboxBadge(0, 0)).toBeNull();
  });

  it('counts both in one badge and leaves out a count of zero', () => {
    expect(outboxBadge(2, 1)).toEqual({
      text: '2 pending · 1 failed',
      counts: [
        { kind: 'pending', count: 2 },
        { kind: 'failed', count: 1 },
      ],
      label: 'Offline changes: 2 pending · 1 failed',
      color: 'red',
    });
    expect(outboxBadge(0, 1)).toMatchObject({ text: '1 failed', counts: [{ kind: 'failed', count: 1 }] });
    expect(outboxBadge(3, 0)).toMatchObject({ text: '3 pending', label: 'Offline changes: 3 pending' });
  });

  it('turns red only once the server refused something', () => {
    expect(outboxBadge(3, 0)?.color).toBe('yellow');
    expect(outboxBadge(0, 2)?.color).toBe('red');
  });
});

describe('failedSyncMessage', () => {
  it('speaks of one change or of several', () => {
    expect(failedSyncMessage(1)).toBe('A change could not be sent: the server refused it.');
    expect(failedSyncMessage(3)).toBe('3 changes could not be sent: the server refused them.');
  });
});

describe('newlyFailed', () => {
  const entry = (seq: number, status: string) => ({ seq, status });

  it('announces a refused change once', () => {
    const first = newlyFailed([entry(1, 'failed'), entry(2, 'pending')], new Set());
    expect(first.fresh).toEqual([1]);
    const again = newlyFailed([entry(1, 'failed'), entry(2, 'pending')], first.announced);
    expect(again.fresh).toEqual([]);
    const more = newlyFailed([entry(1, 'failed'), entry(2, 'failed')], again.announced);
    expect(more.fresh).toEqual([2]);
  });

  it('announces a change again when it fails after being retried', () => {
    const failed = newlyFailed([entry(1, 'failed')], new Set());
    const retried = newlyFailed([entry(1, 'sending')], failed.announced);
    expect([...retried.announced]).toEqual([]);
    expect(newlyFailed([entry(1, 'failed')], retried.announced).fresh).toEqual([1]);
  });
});
