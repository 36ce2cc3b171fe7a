import { type ParsedQuestion, titleOf } from './parsed.ts';

const OPTION = /^([A-Z])[.)]\s+(.*)$/;
const ANSWER = /^ANSWER:\s*(.*)$/i;

type Draft = { line: number; text: string[]; options: { letter: string; text: string }[] };

/**
 * An Aiken file: each question is its text, options `A. …` or `A) …` one per line, then
 * `ANSWER: B`. Aiken holds single-choice questions only. A question without its ANSWER line, or
 * whose answer names no option, is reported and left out.
 */
export function parseAiken(source: string): ParsedQuestion[] {
  const lines = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const parsed: ParsedQuestion[] = [];
  let draft: Draft | null = null;
  const unfinished = (d: Draft) =>
    parsed.push({
      line: d.line,
      title: titleOf(d.text.join(' ')),
      reason: 'The question has no ANSWER line.',
    });

  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') {
      // A blank line inside a question's text is kept out; one after its options ends nothing yet.
      return;
    }
    const answer = ANSWER.exec(line);
    if (answer && draft) {
      const letter = (answer[1] ?? '').trim().toUpperCase();
      const title = titleOf(draft.text.join(' '));
      if (!draft.options.some((option) => option.letter === letter)) {
        parsed.push({ line: draft.line, title, reason: `The answer "${letter}" names none of the options.` });
      } else {
        parsed.push({
          line: draft.line,
          title,
          fields: {
            kind: 'singleChoice',
            text: draft.text.join('\n'),
            options: draft.options.map((option) => ({
              text: option.text,
              correct: option.letter === letter,
            })),
          },
        });
      }
      draft = null;
      return;
    }
    const option = OPTION.exec(line);
    if (option && draft && draft.text.length > 0) {
      draft.options.push({ letter: option[1] as string, text: (option[2] ?? '').trim() });
      return;
    }
    if (draft && draft.options.length > 0) {
      // Text after the options without an ANSWER line: the last question was never finished.
      unfinished(draft);
      draft = null;
    }
    if (answer) {
      parsed.push({ line: index + 1, title: titleOf(line), reason: 'An ANSWER line without a question.' });
      return;
    }
    if (!draft) draft = { line: index + 1, text: [], options: [] };
    draft.text.push(line);
  });
  if (draft) unfinished(draft);
  return parsed;
}
