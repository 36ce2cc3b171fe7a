import { describe, expect, it } from 'vitest';
import { QUIZ_CSV_TEMPLATE } from '../../contract/quizzes/csv-template.ts';
import { parseAiken } from '../../server/modules/quizzes/import/aiken.ts';
import { CsvHeaderError, parseQuizCsv } from '../../server/modules/quizzes/import/csv.ts';
import { giftBlocks, parseGift } from '../../server/modules/quizzes/import/gift.ts';

// The three readers of the question import, each on its own: what they read from a file, the line
// each question starts on, and why a question is left out. The route's answers are in quizzes tests.

describe('GIFT', () => {
  it('splits questions at blank lines, leaves comments out and keeps each start line', () => {
    const source = '// a comment\nFirst {T}\n\n\n::Q2:: Second\n{=a ~b}\n';
    expect(giftBlocks(source)).toEqual([
      { line: 2, text: 'First {T}' },
      { line: 5, text: '::Q2:: Second\n{=a ~b}' },
    ]);
  });

  it('reads each kind it supports, with feedback and weighted answers', () => {
    const source = [
      'A forklift may carry passengers. {F ####Only the operator rides.}',
      '',
      'Which extinguisher is for electrical fires? {~Water =CO2 ~Foam}',
      '',
      'Which are protective equipment? {~%50%Gloves ~%50%Helmet ~%-100%Ladder}',
      '',
      'PPE stands for {=Personal protective equipment =Personal protection equipment}',
    ].join('\n');
    expect(parseGift(source)).toEqual([
      {
        line: 1,
        title: 'A forklift may carry passengers.',
        fields: {
          kind: 'trueFalse',
          text: 'A forklift may carry passengers.',
          feedback: 'Only the operator rides.',
          answer: false,
        },
      },
      {
        line: 3,
        title: 'Which extinguisher is for electrical fires?',
        fields: {
          kind: 'singleChoice',
          text: 'Which extinguisher is for electrical fires?',
          feedback: '',
          options: [
            { text: 'Water', correct: false },
            { text: 'CO2', correct: true },
            { text: 'Foam', correct: false },
          ],
        },
      },
      {
        line: 5,
        title: 'Which are protective equipment?',
        fields: {
          kind: 'multipleChoice',
          text: 'Which are protective equipment?',
          feedback: '',
          options: [
            { text: 'Gloves', correct: true },
            { text: 'Helmet', correct: true },
            { text: 'Ladder', correct: false },
          ],
        },
      },
      {
        line: 7,
        title: 'PPE stands for',
        fields: {
          kind: 'shortAnswer',
          text: 'PPE stands for',
          feedback: '',
          acceptedAnswers: ['Personal protective equipment', 'Personal protection equipment'],
        },
      },
    ]);
  });

  it('reports a broken question on its own line and still reads the next one', () => {
    const parsed = parseGift('Good one {T}\n\nBroken {=a ~b\n\nNext {F}\n');
    expect(parsed.map((question) => [question.line, question.reason === undefined])).toEqual([
      [1, true],
      [3, false],
      [5, true],
    ]);
    expect(parsed[1]?.reason).toMatch(/^Not valid GIFT/);
  });

  it('names the types it does not take', () => {
    const parsed = parseGift('Match {=a -> 1 =b -> 2 =c -> 3}\n\nHow many? {#4}\n\nTell us. {}\n');
    expect(parsed.map((question) => question.reason)).toEqual([
      'Matching questions are not supported.',
      'Numerical questions are not supported.',
      'Essay questions are not supported.',
    ]);
  });
});

describe('Aiken', () => {
  it('reads single-choice questions with either option style', () => {
    const source =
      'Is CO2 safe on electrical fires?\nA. Yes\nB. No\nANSWER: A\n\nPick one\nA) One\nB) Two\nANSWER: b\n';
    expect(parseAiken(source)).toEqual([
      {
        line: 1,
        title: 'Is CO2 safe on electrical fires?',
        fields: {
          kind: 'singleChoice',
          text: 'Is CO2 safe on electrical fires?',
          options: [
            { text: 'Yes', correct: true },
            { text: 'No', correct: false },
          ],
        },
      },
      {
        line: 6,
        title: 'Pick one',
        fields: {
          kind: 'singleChoice',
          text: 'Pick one',
          options: [
            { text: 'One', correct: false },
            { text: 'Two', correct: true },
          ],
        },
      },
    ]);
  });

  it('reports a question without its answer line, an answer naming no option and a stray answer', () => {
    const source = 'No answer here\nA. One\nB. Two\nNext question\nA. One\nANSWER: C\nANSWER: A\n';
    expect(parseAiken(source).map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 1, reason: 'The question has no ANSWER line.' },
      { line: 4, reason: 'The answer "C" names none of the options.' },
      { line: 7, reason: 'An ANSWER line without a question.' },
    ]);
  });
});

describe('CSV', () => {
  it('reads the template: one question of each kind', () => {
    const parsed = parseQuizCsv(QUIZ_CSV_TEMPLATE);
    expect(parsed.map((question) => [question.line, (question.fields as { kind: string }).kind])).toEqual([
      [2, 'singleChoice'],
      [3, 'multipleChoice'],
      [4, 'trueFalse'],
      [5, 'shortAnswer'],
    ]);
    expect(parsed[1]?.fields).toMatchObject({
      points: 2,
      options: [
        { text: 'Gloves', correct: true },
        { text: 'Helmet', correct: true },
        { text: 'Ladder', correct: false },
      ],
    });
    expect(parsed[2]?.fields).toMatchObject({
      answer: false,
      feedback: 'Only the operator rides a forklift.',
    });
  });

  it('counts lines inside quoted fields, skips empty rows and says why a row is left out', () => {
    const source = [
      'Question,Type,Options,Correct',
      '"Two-line\nquestion",single,A|B,1',
      ',,,',
      'Which?,essay,,',
      'Which?,single,A|B,3',
      'Which?,multiple,A|B,x',
    ].join('\n');
    expect(parseQuizCsv(source).map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 2, reason: undefined },
      { line: 5, reason: 'Unknown type "essay": use single, multiple, truefalse or short.' },
      { line: 6, reason: 'Option 3 named in correct does not exist.' },
      { line: 7, reason: '"x" in correct is not an option number.' },
    ]);
  });

  it('refuses a file whose header lacks the required columns', () => {
    expect(() => parseQuizCsv('text,answer\nHello,world\n')).toThrow(CsvHeaderError);
    expect(() => parseQuizCsv('text,answer\nHello,world\n')).toThrow(/missing: type, question/);
  });
});
