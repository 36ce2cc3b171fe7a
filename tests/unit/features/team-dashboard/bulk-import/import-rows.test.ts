import { MEMBER_IMPORT_BATCH } from '@contract/team-dashboard';
import { describe, expect, it } from 'vitest';
import {
  columnForHeader,
  countResults,
  importTemplateCsv,
  readImportRows,
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

describe('countResults', () => {
  it('counts created, added and refused rows', () => {
    expect(
      countResults([
        { row: 2, status: 'created', email: 'a@x.io', message: '' },
        { row: 3, status: 'refused', email: 'b@x.io', message: 'Email is required.' },
        { row: 4, status: 'created', email: 'c@x.io', message: '' },
        { row: 5, status: 'added', email: 'd@x.io', message: '' },
      ]),
    ).toEqual({ created: 2, added: 1, refused: 1 });
  });
});
