/**
 * A CSV reader after RFC 4180: fields separated by commas, records by CRLF (LF or a lone CR are
 * accepted too, as spreadsheets on every platform write them), double-quoted fields may hold
 * commas, line breaks and doubled quotes. A byte-order mark is dropped and a final line break
 * does not start an empty record.
 */
export type CsvParseResult = { records: string[][]; error: string | null };

export function parseCsv(text: string): CsvParseResult {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  // Whether the current record has any content yet, so a trailing line break adds nothing.
  let started = false;
  let i = 0;

  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
    started = false;
  };

  while (i < input.length) {
    const char = input[i];
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      field += char;
      i += 1;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
      started = true;
      i += 1;
    } else if (char === ',') {
      endField();
      started = true;
      i += 1;
    } else if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && input[i + 1] === '\n' ? 2 : 1;
    } else {
      // A quote inside an unquoted field is kept as written (lenient, like spreadsheet apps).
      field += char;
      started = true;
      i += 1;
    }
  }
  if (quoted) {
    return { records, error: `A quoted field is not closed (record ${records.length + 1}).` };
  }
  if (started || field !== '') endRecord();
  return { records, error: null };
}

/** One CSV field written back: quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or CR that some apps skip
 * before one) gets a leading apostrophe, so an exported name cannot execute anything (OWASP CSV
 * injection); then RFC 4180 quoting.
 */
export function csvCell(value: string): string {
  return csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}
