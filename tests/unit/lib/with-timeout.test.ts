import { afterEach, describe, expect, it, vi } from 'vitest';
import { withTimeout } from '@/lib/with-timeout';

describe('withTimeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the value when the promise settles in time', async () => {
    await expect(withTimeout(Promise.resolve('token'), 5000)).resolves.toBe('token');
  });

  it('passes the rejection of the promise through', async () => {
    await expect(withTimeout(Promise.reject(new Error('blocked')), 5000)).rejects.toThrow('blocked');
  });

  it('rejects once the time is up, so start-up continues signed out', async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => undefined);
    const result = withTimeout(never, 5000);
    let settled = false;
    result.catch(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toThrow('Timed out after 5000 ms');
  });
});
