import { SCROLL_LOAD_THRESHOLD_PX } from '@contract/constants';

/** Cards per row: one on a phone, two on a tablet or a narrow window, three when wide. */
export function columnsForWidth(width: number): number {
  if (width >= 1050) return 3;
  if (width >= 640) return 2;
  return 1;
}

export function rowCount(items: number, columns: number): number {
  return Math.ceil(items / columns);
}

/** The items of virtual row `row`. */
export function rowItems<T>(items: readonly T[], row: number, columns: number): T[] {
  return items.slice(row * columns, row * columns + columns);
}

/** Scrolled to within the spec's 20 px of the bottom (spec 4: time to load the next page). */
export function isNearBottom(
  box: { scrollHeight: number; scrollTop: number; clientHeight: number },
  threshold = SCROLL_LOAD_THRESHOLD_PX,
): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= threshold;
}
