import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/lib/format-bytes';

describe('formatBytes', () => {
  it('reads sizes in the unit that fits', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(980)).toBe('980 bytes');
    expect(formatBytes(12.3 * 1024)).toBe('12.3 KB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatBytes(512.4 * 1024 * 1024)).toBe('512 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  });
});
