import { csvField, parseCsv } from '@contract/csv';
import { describe, expect, it } from 'vitest';

describe('parseCsv', () => {
  it('splits records on CRLF, LF and a lone CR', () => {
    expect(parseCsv('a,b\r\nc,d\ne,f\rg,h').records).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('does not add an empty record for a final line break', () => {
    expect(parseCsv('a,b\r\n').records).toEqual([['a', 'b']]);
    expect(parseCsv('a,b\n').records).toEqual([['a', 'b']]);
  });

  it('keeps commas, line breaks and doubled quotes inside quoted fields', () => {
    const { records, error } = parseCsv('"Smith, Jr.","line one\r\nline two","say ""hi"""\r\nx,y,z');
    expect(error).toBeNull();
    expect(records).toEqual([
      ['Smith, Jr.', 'line one\r\nline two', 'say "hi"'],
      ['x', 'y', 'z'],
    ]);
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(parseCsv('a,,c,\n,,,').records).toEqual([
      ['a', '', 'c', ''],
      ['', '', '', ''],
    ]);
  });

  it('drops a byte-order mark so the first header is read as written', () => {
    expect(parseCsv('\uFEFFfirstName,email').records).toEqual([['firstName', 'email']]);
  });

  it('keeps a blank line in the middle as an empty record', () => {
    expect(parseCsv('a\n\nb').records).toEqual([['a'], [''], ['b']]);
  });

  it('reports a quoted field that never closes', () => {
    const result = parseCsv('a,"open\nb');
    expect(result.error).toMatch(/not closed/);
  });

  it('reads an empty text as no records', () => {
    expect(parseCsv('').records).toEqual([]);
  });
});

describe('csvField', () => {
  it('quotes a value only when it must', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(parseCsv(`${csvField('x\ny')},${csvField('"q"')}`).records).toEqual([['x\ny', '"q"']]);
  });
});
