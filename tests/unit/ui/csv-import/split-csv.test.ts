import { parseCsv } from '@contract/csv';
import { describe, expect, it } from 'vitest';
import { splitCsv } from '@/ui/csv-import/split-csv';

const header = 'firstName,lastName,email';
const record = (n: number) => `First${n},Last${n},user${n}@example.com`;
const file = (count: number) =>
  [header, ...Array.from({ length: count }, (_, index) => record(index + 1))].join('\r\n');

describe('splitCsv', () => {
  it('cuts the records into parts led by the header, numbered as the file rows', () => {
    const { parts, total, error } = splitCsv(file(5), { size: 2 });
    expect(error).toBeNull();
    expect(total).toBe(5);
    expect(parts.map((part) => [part.firstRow, part.count])).toEqual([
      [2, 2],
      [4, 2],
      [6, 1],
    ]);
    const second = parseCsv(parts[1]?.csv ?? '').records;
    expect(second).toEqual([header.split(','), record(3).split(','), record(4).split(',')]);
  });

  it('keeps blank records in place so the rows after them keep their numbers, and sends no blank part', () => {
    const text = [header, record(1), '', ',,', record(2), '', ''].join('\n');
    const { parts, total } = splitCsv(text, { size: 2 });
    expect(total).toBe(2);
    // Records 2-3 hold one user and a blank; 4-5 a blank and one user.
    expect(parts.map((part) => [part.firstRow, part.count])).toEqual([
      [2, 1],
      [4, 1],
    ]);
    expect(parseCsv(parts[1]?.csv ?? '').records.at(-1)).toEqual(record(2).split(','));
  });

  it('writes quoted fields back quoted, so commas and line breaks survive', () => {
    const text = `${header}\r\n"Smith, Jr.","Line\nBreak","a""b@example.com"\r\n`;
    const [part] = splitCsv(text, { size: 10 }).parts;
    expect(parseCsv(part?.csv ?? '').records[1]).toEqual(['Smith, Jr.', 'Line\nBreak', 'a"b@example.com']);
  });

  it('starts a new part before one would pass the byte cap, counting UTF-8 bytes', () => {
    const text = [header, 'Zoë,Ødegård,z@example.com', 'Ann,Lee,a@example.com', 'Bo,Ek,b@example.com'].join(
      '\n',
    );
    const bytes = (value: string) => new TextEncoder().encode(value).length;
    // Room for the header and the first two records, counted in bytes: 'ë' and 'Ø' take two each.
    const cap = bytes(`${header}\r\nZoë,Ødegård,z@example.com\r\nAnn,Lee,a@example.com\r\n`);
    const { parts } = splitCsv(text, { size: 100, maxBytes: cap });
    expect(parts.map((part) => part.count)).toEqual([2, 1]);
    for (const part of parts) expect(bytes(part.csv)).toBeLessThanOrEqual(cap);
    expect(splitCsv(text, { size: 100, maxBytes: cap - 1 }).parts.map((part) => part.count)).toEqual([1, 2]);
  });

  it('refuses a file without the required columns, an empty file and one without rows', () => {
    expect(splitCsv(file(1), { size: 10, requiredColumns: ['Email', 'groups'] }).error).toBe(
      'The header row needs the columns Email, groups; missing: groups.',
    );
    expect(splitCsv('', { size: 10 }).error).toBe('The file is empty.');
    expect(splitCsv(`${header}\r\n\r\n,,\r\n`, { size: 10 })).toEqual({
      parts: [],
      total: 0,
      error: 'The file has no rows.',
    });
    expect(splitCsv(`${header}\r\n"open`, { size: 10 }).error).toMatch(/not closed/);
  });
});
