import { type GIFTQuestion, parse, type TextChoice } from 'gift-pegjs';
import { type ParsedQuestion, titleOf } from './parsed.ts';

/** A block of a GIFT file: its text and the line it starts on. */
type Block = { line: number; text: string };

/**
 * Splits a GIFT file into its questions as Moodle does: a blank line ends a question, and comment
 * lines (`//`) are left out. Each block is then parsed alone, so one broken question (an unclosed
 * brace) is reported on its own line instead of failing the whole file or swallowing the next one.
 */
export function giftBlocks(source: string): Block[] {
  const lines = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const blocks: Block[] = [];
  let current: string[] = [];
  let start = 0;
  const flush = () => {
    if (current.length > 0) blocks.push({ line: start, text: current.join('\n') });
    current = [];
  };
  lines.forEach((line, index) => {
    if (line.trim() === '') {
      flush();
      return;
    }
    if (/^\s*\/\//.test(line)) return;
    if (current.length === 0) start = index + 1;
    current.push(line);
  });
  flush();
  return blocks;
}

const plain = (text: string) => text.replace(/<[^>]*>/g, '').trim();

const UNSUPPORTED: Record<string, string> = {
  Matching: 'Matching questions are not supported.',
  Numerical: 'Numerical questions are not supported.',
  Essay: 'Essay questions are not supported.',
  Description: 'Descriptions (text without answers) are not supported.',
};

/** The correct choices: `=` ones, or those of positive weight when the answers are weighted (`~%50%`). */
const isCorrect = (choice: TextChoice) => choice.isCorrect || (choice.weight ?? 0) > 0;

function toFields(question: GIFTQuestion): Omit<ParsedQuestion, 'line'> | null {
  if (question.type === 'Category') return null;
  const text = plain(question.stem.text);
  const title = titleOf(question.title ?? text);
  const reason = UNSUPPORTED[question.type];
  if (reason) return { title, reason };
  const feedback =
    'globalFeedback' in question && question.globalFeedback ? plain(question.globalFeedback.text) : '';
  if (question.type === 'TF')
    return { title, fields: { kind: 'trueFalse', text, feedback, answer: question.isTrue } };
  if (question.type === 'Short') {
    const acceptedAnswers = question.choices.filter(isCorrect).map((choice) => plain(choice.text.text));
    return { title, fields: { kind: 'shortAnswer', text, feedback, acceptedAnswers } };
  }
  if (question.type === 'MC') {
    const options = question.choices.map((choice) => ({
      text: plain(choice.text.text),
      correct: isCorrect(choice),
    }));
    const correct = options.filter((option) => option.correct).length;
    const kind = correct > 1 ? 'multipleChoice' : 'singleChoice';
    return { title, fields: { kind, text, feedback, options } };
  }
  return { title, reason: 'This question type is not supported.' };
}

/** Every question of a GIFT file, each read by gift-pegjs, with its line and fields or reason. */
export function parseGift(source: string): ParsedQuestion[] {
  const parsed: ParsedQuestion[] = [];
  for (const block of giftBlocks(source)) {
    let questions: GIFTQuestion[];
    try {
      questions = parse(`${block.text}\n`);
    } catch (error) {
      const location = (error as { location?: { start?: { line: number } } }).location?.start?.line;
      const at = location ? ` (line ${block.line + location - 1})` : '';
      parsed.push({
        line: block.line,
        title: titleOf(block.text),
        reason: `Not valid GIFT${at}: ${(error as Error).message}`,
      });
      continue;
    }
    for (const question of questions) {
      const result = toFields(question);
      if (result) parsed.push({ line: block.line, ...result });
    }
  }
  return parsed;
}
