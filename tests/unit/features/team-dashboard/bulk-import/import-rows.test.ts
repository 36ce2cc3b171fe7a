import { MEMBER_IMPORT_BATCH } from '@contract/team-dashboard';
import { describe, expect, it } from 'vitest';
import {
  columnForHeader,
  importTemplateCsv,
  readImportRows,
  readMemberParts,
  toBatches,
} from '@/features/team-dashboard/bulk-import/import-rows';

describe('columnForHeader', () => {
  it('accepts header names in any case and the spaced or underscored spellings', () => {
    expect(columnForHeader('firstName')).toBe('firstName');
    expect(columnForHeader('First Name')).toBe('firstName');
    expect(columnForHeader('LAST_NAME')).toBe('lastName');
    expect(columnForHeader('E-mail')).toBe('email');
    expect(columnForHeader('Email Address')).toBe('email');
    expect(columnForHeader('Role')).toBe('roles');
    expect(columnForHeader('Phone')).toBeUndefined();
  });
});

describe('readImportRows', () => {
  it('maps columns by header, numbers rows as the file does and skips blank lines', () => {
    const text =
      'Email,First Name,Last Name,Phone,Roles\r\nada@example.com, Ada ,Lovelace,123,Growth;Empire\r\n\r\ngrace@example.com,Grace,Hopper,,\r\n';
    const { rows, error } = readImportRows(text);
    expect(error).toBeNull();
    expect(rows).toEqual([
      {
        row: 2,
        values: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          location: '',
          department: '',
          roles: 'Growth;Empire',
        },
      },
      {
        row: 4,
        values: {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: 'grace@example.com',
          location: '',
          department: '',
          roles: '',
        },
      },
    ]);
  });

  it('names the required columns the header lacks', () => {
    const { rows, error } = readImportRows('firstName,email\nAda,ada@example.com');
    expect(rows).toEqual([]);
    expect(error).toContain('missing: lastName');
  });

  it('refuses an empty file and a file with a header only', () => {
    expect(readImportRows('').error).toBe('The file is empty.');
    expect(readImportRows('firstName,lastName,email\n').error).toBe('The file has no rows.');
  });

  it('passes on a broken quote as an error', () => {
    expect(readImportRows('firstName,lastName,email\n"Ada,Lovelace,a@b.c').error).toMatch(/not closed/);
  });

  it('reads its own template back', () => {
    const { rows, error } = readImportRows(importTemplateCsv());
    expect(error).toBeNull();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.values.email).toBe('ada@example.com');
  });
});

describe('toBatches', () => {
  it('splits rows into batches of at most the import limit', () => {
    const items = Array.from({ length: MEMBER_IMPORT_BATCH * 2 + 1 }, (_, index) => index);
    const batches = toBatches(items);
    expect(batches.map((batch) => batch.length)).toEqual([MEMBER_IMPORT_BATCH, MEMBER_IMPORT_BATCH, 1]);
    expect(batches.flat()).toEqual(items);
    expect(toBatches([])).toEqual([]);
  });
});

describe('readMemberParts', () => {
  const file = (count: number) =>
    [
      'First Name,Last Name,Email',
      ...Array.from({ length: count }, (_, index) => `F${index},L${index},m${index}@example.com`),
    ].join('\n');

  it('sends the rows in parts of at most the import limit, each counting its rows', () => {
    const { parts, total, error } = readMemberParts(file(MEMBER_IMPORT_BATCH + 2));
    expect(error).toBeNull();
    expect(total).toBe(MEMBER_IMPORT_BATCH + 2);
    expect(parts.map((part) => part.count)).toEqual([MEMBER_IMPORT_BATCH, 2]);
    expect(parts.map((part) => part.rows.length)).toEqual([MEMBER_IMPORT_BATCH, 2]);
    // Row numbers are the file's, across parts: the second part starts after the first's last row.
    expect(parts[1]?.rows[0]).toEqual({
      row: MEMBER_IMPORT_BATCH + 2,
      values: {
        firstName: `F${MEMBER_IMPORT_BATCH}`,
        lastName: `L${MEMBER_IMPORT_BATCH}`,
        email: `m${MEMBER_IMPORT_BATCH}@example.com`,
        location: '',
        department: '',
        roles: '',
      },
    });
  });

  it('sends nothing from a file that cannot be imported, and says why', () => {
    expect(readMemberParts('email\nada@example.com')).toEqual({
      parts: [],
      total: 0,
      error: 'The header row needs the columns firstName, lastName, email; missing: firstName, lastName.',
    });
    expect(readMemberParts(file(0))).toEqual({ parts: [], total: 0, error: 'The file has no rows.' });
  });
});
