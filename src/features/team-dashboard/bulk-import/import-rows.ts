import { csvField, parseCsv } from '@contract/csv';
import { MEMBER_IMPORT_BATCH, type MemberImportRow } from '@contract/team-dashboard';
import { type CsvImportParts, headerError, isBlankRecord, NO_ROWS } from '@/ui/csv-import/split-csv';

type ImportColumn = keyof MemberImportRow;

export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  'firstName',
  'lastName',
  'email',
  'location',
  'department',
  'roles',
];
const REQUIRED_COLUMNS: readonly ImportColumn[] = ['firstName', 'lastName', 'email'];

/** Header spellings people use: 'First Name', 'first_name', 'FIRSTNAME', 'E-mail', 'Role'. */
const HEADER_ALIASES: Record<string, ImportColumn> = {
  firstname: 'firstName',
  lastname: 'lastName',
  email: 'email',
  emailaddress: 'email',
  location: 'location',
  department: 'department',
  roles: 'roles',
  role: 'roles',
  membershiproles: 'roles',
  membershiprole: 'roles',
};

export function columnForHeader(header: string): ImportColumn | undefined {
  return HEADER_ALIASES[header.toLowerCase().replace(/[^a-z]/g, '')];
}

export type ImportRow = { row: number; values: Record<ImportColumn, string> };
export type ReadImportResult = { rows: ImportRow[]; error: string | null };

/**
 * The rows of a member CSV, numbered as the file's records (the header is row 1) so the server's
 * report points at the right line. Blank records are skipped; unknown columns are ignored.
 */
export function readImportRows(text: string): ReadImportResult {
  const parsed = parseCsv(text);
  if (parsed.error) return { rows: [], error: parsed.error };
  const [header = [], ...body] = parsed.records;
  const columns = header.map(columnForHeader);
  const named = new Set<string | undefined>(columns);
  const error = headerError(header, REQUIRED_COLUMNS, (column) => named.has(column));
  if (error) return { rows: [], error };
  const rows: ImportRow[] = [];
  body.forEach((record, index) => {
    if (isBlankRecord(record)) return;
    const values = Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, ''])) as Record<
      ImportColumn,
      string
    >;
    columns.forEach((column, position) => {
      if (column && values[column] === '') values[column] = (record[position] ?? '').trim();
    });
    rows.push({ row: index + 2, values });
  });
  if (rows.length === 0) return { rows, error: NO_ROWS };
  return { rows, error: null };
}

/** Batches of at most MEMBER_IMPORT_BATCH rows, the most one import call accepts. */
export function toBatches<T>(items: readonly T[], size = MEMBER_IMPORT_BATCH): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/** One import call: at most MEMBER_IMPORT_BATCH of the file's rows. */
export type MemberPart = { rows: ImportRow[]; count: number };

/** The file read into the parts the import sends, or why it cannot be imported. */
export function readMemberParts(text: string): CsvImportParts<MemberPart> {
  const { rows, error } = readImportRows(text);
  if (error) return { parts: [], total: 0, error };
  const parts = toBatches(rows).map((batch) => ({ rows: batch, count: batch.length }));
  return { parts, total: rows.length, error: null };
}

/** The template offered for download: the header and one example row. */
export function importTemplateCsv(): string {
  const example = ['Ada', 'Lovelace', 'ada@example.com', '', '', ''];
  return [IMPORT_COLUMNS.join(','), example.map(csvField).join(',')].join('\r\n').concat('\r\n');
}
