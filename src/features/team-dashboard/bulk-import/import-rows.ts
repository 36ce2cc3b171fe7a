import { csvField, parseCsv } from '@contract/csv';
import { MEMBER_IMPORT_BATCH, type MemberImportResult, type MemberImportRow } from '@contract/team-dashboard';

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
  const [header, ...body] = parsed.records;
  if (!header || header.every((cell) => cell.trim() === '')) {
    return { rows: [], error: 'The file is empty.' };
  }
  const columns = header.map(columnForHeader);
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    return {
      rows: [],
      error: `The header row needs the columns ${REQUIRED_COLUMNS.join(', ')}; missing: ${missing.join(', ')}.`,
    };
  }
  const rows: ImportRow[] = [];
  body.forEach((record, index) => {
    if (record.every((cell) => cell.trim() === '')) return;
    const values = Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, ''])) as Record<
      ImportColumn,
      string
    >;
    columns.forEach((column, position) => {
      if (column && values[column] === '') values[column] = (record[position] ?? '').trim();
    });
    rows.push({ row: index + 2, values });
  });
  if (rows.length === 0) return { rows, error: 'The file has no rows.' };
  return { rows, error: null };
}

/** Batches of at most MEMBER_IMPORT_BATCH rows, the most one import call accepts. */
export function toBatches<T>(items: readonly T[], size = MEMBER_IMPORT_BATCH): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

export type ImportCounts = Record<MemberImportResult['status'], number>;

export function countResults(results: readonly MemberImportResult[]): ImportCounts {
  const counts: ImportCounts = { created: 0, added: 0, refused: 0 };
  for (const result of results) counts[result.status] += 1;
  return counts;
}

/** The template offered for download: the header and one example row. */
export function importTemplateCsv(): string {
  const example = ['Ada', 'Lovelace', 'ada@example.com', '', '', ''];
  return [IMPORT_COLUMNS.join(','), example.map(csvField).join(',')].join('\r\n').concat('\r\n');
}
