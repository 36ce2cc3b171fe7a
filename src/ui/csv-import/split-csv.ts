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

export type SplitCsvResult = { parts: CsvPart[]; total: number; error: string | null };

export type SplitCsvOptions = {
  /** Records per part at most. */
  size: number;
  /** UTF-8 bytes of CSV text per part at most (a single record larger than this still goes alone). */
  maxBytes?: number;
  /** Columns the header must name (case-insensitive); the file is refused before anything is sent. */
  requiredColumns?: readonly string[];
};

const isBlank = (record: readonly string[]) => record.every((cell) => cell.trim() === '');
const line = (record: readonly string[]) => `${record.map(csvField).join(',')}\r\n`;
const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).length;

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
  const [header, ...records] = parsed.records;
  if (!header || isBlank(header)) return { parts: [], total: 0, error: 'The file is empty.' };
  const named = new Set(header.map((cell) => cell.trim().toLowerCase()));
  const missing = requiredColumns.filter((column) => !named.has(column.toLowerCase()));
  if (missing.length > 0) {
    return {
      parts: [],
      total: 0,
      error: `The header row needs the columns ${requiredColumns.join(', ')}; missing: ${missing.join(', ')}.`,
    };
  }

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
    if (!isBlank(record)) count += 1;
  });
  close(records.length + 2);
  const total = parts.reduce((sum, part) => sum + part.count, 0);
  if (total === 0) return { parts: [], total: 0, error: 'The file has no rows.' };
  return { parts, total, error: null };
}
