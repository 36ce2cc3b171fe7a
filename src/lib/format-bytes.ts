const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size as people read it: 0 bytes, 980 bytes, 12.3 KB, 50 MB, 512 MB (units of 1024). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${Math.round(value)} ${value === 1 ? 'byte' : 'bytes'}`;
  return `${Number(value.toFixed(value < 100 ? 1 : 0))} ${UNITS[unit]}`;
}
