import { csvField, parseCsv } from '@contract/csv';

/** One request's worth of a CSV file: the header line and some records, numbered as in the file. */
export type CsvPart = {
  /** The header record and this part's records, as CSV text. */
  csv: string;
  /** The file's record number of the part's first record (the header is 1). */
  firstRow: number;
  /** Records in the part that are not blank. */
  count: number;
};

/** What a file was read into: the parts to send, the rows they hold, or why it cannot be imported. */
export type CsvImportParts<P> = { parts: P[]; total: number; error: string | null };

export type SplitCsvResult = CsvImportParts<CsvPart>;

export type SplitCsvOptions = {
  /** Records per part at most. */
  size: number;
  /** UTF-8 bytes of CSV text per part at most (a single record larger than this still goes alone). */
  maxBytes?: number;
  /** Columns the header must name (case-insensitive); the file is refused before anything is sent. */
  requiredColumns?: readonly string[];
};

/** A record with nothing but blank cells: skipped, though it keeps its row number. */
export const isBlankRecord = (record: readonly string[]) => record.every((cell) => cell.trim() === '');
const line = (record: readonly string[]) => `${record.map(csvField).join(',')}\r\n`;
const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).length;

export const NO_ROWS = 'The file has no rows.';

/**
 * Why a file's header record cannot be imported: it is blank (an empty file), or lacks a required column.
 * `names` tells whether the header names a column, so each import may read its header its own way.
 */
export function headerError(
  header: readonly string[],
  requiredColumns: readonly string[],
  names: (column: string) => boolean,
): string | null {
  if (isBlankRecord(header)) return 'The file is empty.';
  const missing = requiredColumns.filter((column) => !names(column));
  if (missing.length === 0) return null;
  return `The header row needs the columns ${requiredColumns.join(', ')}; missing: ${missing.join(', ')}.`;
}

/**
 * Splits a CSV file into parts of consecutive records, each led by the header, so a large file is
 * sent in several requests and its progress can be shown. Records keep their place: a part's rows
 * are numbered from `firstRow`, blank records included, so a report points at the file's rows.
 * Parts with only blank records are not sent.
 */
export function splitCsv(text: string, options: SplitCsvOptions): SplitCsvResult {
  const { size, maxBytes = Number.POSITIVE_INFINITY, requiredColumns = [] } = options;
  const parsed = parseCsv(text);
  if (parsed.error) return { parts: [], total: 0, error: parsed.error };
  const [header = [], ...records] = parsed.records;
  const named = new Set(header.map((cell) => cell.trim().toLowerCase()));
  const error = headerError(header, requiredColumns, (column) => named.has(column.toLowerCase()));
  if (error) return { parts: [], total: 0, error };

  const headerLine = line(header);
  const headerBytes = bytesOf(headerLine);
  const parts: CsvPart[] = [];
  let body = '';
  let bodyBytes = 0;
  let taken = 0;
  let count = 0;
  let firstRow = 2;
  const close = (nextRow: number) => {
    if (count > 0) parts.push({ csv: headerLine + body, firstRow, count });
    body = '';
    bodyBytes = 0;
    taken = 0;
    count = 0;
    firstRow = nextRow;
  };
  records.forEach((record, index) => {
    const row = index + 2;
    const text = line(record);
    const bytes = bytesOf(text);
    const full = taken >= size || (taken > 0 && headerBytes + bodyBytes + bytes > maxBytes);
    if (full) close(row);
    body += text;
    bodyBytes += bytes;
    taken += 1;
    if (!isBlankRecord(record)) count += 1;
  });
  close(records.length + 2);
  const total = parts.reduce((sum, part) => sum + part.count, 0);
  if (total === 0) return { parts: [], total: 0, error: NO_ROWS };
  return { parts, total, error: null };
}
