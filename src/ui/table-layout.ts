/**
 * How a list table is laid out for the screen's width:
 * - 'table': every column of its own (a desktop);
 * - 'folded': the first column carries the others as labelled lines, the kept columns (status,
 *   actions) stay beside it (a tablet, or a narrow desktop window);
 * - 'cards': one card per row, the kept columns at its foot (a phone).
 */
export type TableLayout = 'table' | 'folded' | 'cards';

export function tableLayout(width: { belowSm: boolean; belowMd: boolean }): TableLayout {
  if (width.belowSm) return 'cards';
  return width.belowMd ? 'folded' : 'table';
}

/** The row's lead column (its name), the columns folded under it, and the ones kept apart. */
export function splitColumns<C extends { accessor: unknown }>(
  columns: readonly C[],
  keep: readonly string[],
): { lead: C | undefined; rest: C[]; kept: C[] } {
  const isKept = (column: C) => keep.includes(String(column.accessor));
  const [lead, ...rest] = columns.filter((column) => !isKept(column));
  return { lead, rest, kept: columns.filter(isKept) };
}
