import { parseCsv } from '../../../../contract/csv.ts';
import { QUIZ_CSV_COLUMNS } from '../../../../contract/quizzes/csv-template.ts';
import { type ParsedQuestion, titleOf } from './parsed.ts';

const KINDS: Record<string, string> = {
  single: 'singleChoice',
  singlechoice: 'singleChoice',
  multiple: 'multipleChoice',
  multiplechoice: 'multipleChoice',
  truefalse: 'trueFalse',
  tf: 'trueFalse',
  short: 'shortAnswer',
  shortanswer: 'shortAnswer',
};

const list = (value: string) =>
  value
    .split('|')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** A missing header: the whole file is unreadable. */
export class CsvHeaderError extends Error {}

/** The line each record starts on: line breaks inside quoted fields push the later ones down. */
function startLines(records: string[][]): number[] {
  let line = 1;
  return records.map((record) => {
    const start = line;
    line += 1 + record.reduce((sum, field) => sum + (field.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
    return start;
  });
}

function toFields(get: (column: string) => string): Omit<ParsedQuestion, 'line'> {
  const text = get('question');
  const title = titleOf(text);
  const kind =
    KINDS[
      get('type')
        .toLowerCase()
        .replace(/[^a-z]/g, '')
    ];
  if (!kind)
    return { title, reason: `Unknown type "${get('type')}": use single, multiple, truefalse or short.` };
  const pointsText = get('points');
  const points = pointsText === '' ? 1 : Number(pointsText);
  const base = {
    kind,
    text,
    points: Number.isFinite(points) ? points : Number.NaN,
    feedback: get('feedback'),
  };
  const correct = get('correct');
  if (kind === 'trueFalse') {
    const answer = /^(true|t|yes)$/i.test(correct) ? true : /^(false|f|no)$/i.test(correct) ? false : null;
    return { title, fields: { ...base, answer } };
  }
  if (kind === 'shortAnswer')
    return { title, fields: { ...base, acceptedAnswers: list(get('accepted_answers')) } };
  const marks = list(correct);
  const bad = marks.find((mark) => !/^\d+$/.test(mark));
  if (bad) return { title, reason: `"${bad}" in correct is not an option number.` };
  const options = list(get('options')).map((option, index) => ({
    text: option,
    correct: marks.includes(String(index + 1)),
  }));
  const outside = marks.find((mark) => Number(mark) < 1 || Number(mark) > options.length);
  if (outside) return { title, reason: `Option ${outside} named in correct does not exist.` };
  return { title, fields: { ...base, options } };
}

/** A CSV file with a header row naming the template's columns; `type` and `question` are required. */
export function parseQuizCsv(source: string): ParsedQuestion[] {
  const { records, error } = parseCsv(source);
  if (error) throw new CsvHeaderError(error);
  const lines = startLines(records);
  const header = (records[0] ?? []).map((name) => name.trim().toLowerCase());
  const missing = ['type', 'question'].filter((name) => !header.includes(name));
  if (missing.length > 0)
    throw new CsvHeaderError(
      `The header row must name the columns ${QUIZ_CSV_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`,
    );
  const parsed: ParsedQuestion[] = [];
  records.slice(1).forEach((record, index) => {
    if (record.every((field) => field.trim() === '')) return;
    const get = (column: string) => {
      const at = header.indexOf(column);
      return at < 0 ? '' : (record[at] ?? '').trim();
    };
    parsed.push({ line: lines[index + 1] ?? index + 2, ...toFields(get) });
  });
  return parsed;
}
