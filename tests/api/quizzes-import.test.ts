import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { QUIZ_CSV_TEMPLATE } from '../../contract/quizzes/csv-template.ts';
import { quizMessages as m, quizPaths as p, QUIZ_IMPORT_MAX_BYTES } from '../../contract/quizzes/resource.ts';
import { quizQuestions } from '../../server/db/schema/quizzes.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { createQuiz, importFile, quizRoleUser, readQuiz } from './quiz-fixtures.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
});
afterAll(() => t.close());

const run = Date.now().toString(36);
const newQuiz = async (name: string) => (await createQuiz(t, admin, { name: `${name} ${run}` }))._id;
const countOf = (quizId: string) => t.db.$count(quizQuestions, eq(quizQuestions.quizId, quizId));

const GIFT = `// A comment line
$CATEGORY: Safety

::Extinguisher:: Which extinguisher is used on electrical fires? {
  ~Water
  =CO2 #Right\\: it does not conduct.
  ~Foam
  ####CO2 leaves no residue and does not conduct.
}

Which of these are protective equipment? {~%50%Gloves ~%50%Helmet ~%-100%Ladder}

A forklift may carry passengers. {F}

What does PPE stand for? {=Personal protective equipment =PPE}
`;

const PARTLY_BAD_GIFT = `Good one {=Yes ~No}

::Pairs:: Match them {=a -> 1 =b -> 2 =c -> 3}

How many legs has a spider? {#8}

Write an essay about safety. {}

Broken {=a ~b

Last good {T}
`;

describe('GIFT import', () => {
  it('imports choice, true/false and short answer questions with their feedback, and reports each line', async () => {
    const quizId = await newQuiz('Gift');
    const response = await importFile(t, admin, { quizId, format: 'gift', text: GIFT });
    expect(response.status, response.text).toBe(200);
    expect(response.body.message).toBe(m.imported(4, 0));
    expect(response.body.results).toEqual({
      format: 'gift',
      imported: 4,
      skipped: 0,
      questions: [
        { line: 4, title: 'Extinguisher', imported: true },
        { line: 11, title: 'Which of these are protective equipment?', imported: true },
        { line: 13, title: 'A forklift may carry passengers.', imported: true },
        { line: 15, title: 'What does PPE stand for?', imported: true },
      ],
    });
    const quiz = await readQuiz(t, admin, quizId);
    expect(quiz.questions).toMatchObject([
      {
        kind: 'singleChoice',
        text: 'Which extinguisher is used on electrical fires?',
        feedback: 'CO2 leaves no residue and does not conduct.',
        options: [
          { text: 'Water', correct: false },
          { text: 'CO2', correct: true },
          { text: 'Foam', correct: false },
        ],
      },
      {
        kind: 'multipleChoice',
        options: [
          { text: 'Gloves', correct: true },
          { text: 'Helmet', correct: true },
          { text: 'Ladder', correct: false },
        ],
      },
      { kind: 'trueFalse', answer: false },
      { kind: 'shortAnswer', acceptedAnswers: ['Personal protective equipment', 'PPE'] },
    ]);
  });

  it('imports the good questions of a partly bad file and says why each other one was not', async () => {
    const quizId = await newQuiz('Gift partly');
    const response = await importFile(t, admin, { quizId, format: 'gift', text: PARTLY_BAD_GIFT });
    expect(response.status, response.text).toBe(200);
    expect(response.body.message).toBe(m.imported(2, 4));
    const lines = response.body.results.questions;
    expect(lines.map((q: { line: number; imported: boolean }) => [q.line, q.imported])).toEqual([
      [1, true],
      [3, false],
      [5, false],
      [7, false],
      [9, false],
      [11, true],
    ]);
    expect(lines[1].reason).toBe('Matching questions are not supported.');
    expect(lines[2].reason).toBe('Numerical questions are not supported.');
    expect(lines[3].reason).toBe('Essay questions are not supported.');
    expect(lines[4].reason).toMatch(/^Not valid GIFT/);
    expect((await readQuiz(t, admin, quizId)).questions.map((q) => q.text)).toEqual([
      'Good one',
      'Last good',
    ]);
  });

  it('refuses a file with nothing importable with 422, its report, and writes nothing', async () => {
    const quizId = await newQuiz('Gift refused');
    for (const text of ['Broken {=a ~b', 'Essay {}\n\nDescription only', '   \n']) {
      const response = await importFile(t, admin, { quizId, format: 'gift', text });
      expect(response.status, text).toBe(422);
      expect(response.body.message).toBe(m.nothingImportable);
      expect(response.body.errors).toEqual({ file: m.nothingImportable });
      expect(response.body.results.imported).toBe(0);
    }
    const essay = await importFile(t, admin, { quizId, format: 'gift', text: 'Essay {}' });
    expect(essay.body.results.questions).toEqual([
      { line: 1, title: 'Essay', imported: false, reason: 'Essay questions are not supported.' },
    ]);
    expect(await countOf(quizId)).toBe(0);
  });

  it('rolls the whole import back when the quiz would pass its question limit', async () => {
    const quizId = await newQuiz('Gift full');
    const many = Array.from({ length: 2001 }, (_, i) => `Question ${i} {T}`).join('\n\n');
    const response = await importFile(t, admin, { quizId, format: 'gift', text: many });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ file: m.tooManyQuestions });
    expect(await countOf(quizId)).toBe(0);
  });
});

describe('Aiken import', () => {
  it('imports single-choice questions and reports those without a valid answer', async () => {
    const quizId = await newQuiz('Aiken');
    const text = [
      'What colour is a fire extinguisher for CO2?',
      'A. Black',
      'B) Red',
      'ANSWER: A',
      '',
      'Which is a mammal?',
      'A. Shark',
      'B. Whale',
      'ANSWER: C',
      '',
      'Unfinished question',
      'A. Yes',
      'B. No',
      '',
      'Only one option',
      'A. Lonely',
      'ANSWER: A',
    ].join('\n');
    const response = await importFile(t, admin, { quizId, format: 'aiken', text });
    expect(response.status, response.text).toBe(200);
    expect(response.body.results).toEqual({
      format: 'aiken',
      imported: 1,
      skipped: 3,
      questions: [
        { line: 1, title: 'What colour is a fire extinguisher for CO2?', imported: true },
        {
          line: 6,
          title: 'Which is a mammal?',
          imported: false,
          reason: 'The answer "C" names none of the options.',
        },
        {
          line: 11,
          title: 'Unfinished question',
          imported: false,
          reason: 'The question has no ANSWER line.',
        },
        { line: 15, title: 'Only one option', imported: false, reason: `options: ${m.optionsTooFew}` },
      ],
    });
    expect((await readQuiz(t, admin, quizId)).questions).toMatchObject([
      {
        kind: 'singleChoice',
        options: [
          { text: 'Black', correct: true },
          { text: 'Red', correct: false },
        ],
      },
    ]);
  });

  it('refuses a file that is not Aiken at all and writes nothing', async () => {
    const quizId = await newQuiz('Aiken refused');
    const response = await importFile(t, admin, {
      quizId,
      format: 'aiken',
      text: 'Just some prose.\nMore prose.',
    });
    expect(response.status).toBe(422);
    expect(response.body.results.questions).toEqual([
      {
        line: 1,
        title: 'Just some prose. More prose.',
        imported: false,
        reason: 'The question has no ANSWER line.',
      },
    ]);
    expect(await countOf(quizId)).toBe(0);
  });
});

describe('CSV import', () => {
  it('serves the template, which imports as is: one question of each type', async () => {
    const template = await t.call('GET', p.importTemplate, { token: admin });
    expect(template.status).toBe(200);
    expect(template.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(template.headers.get('content-disposition')).toContain('quiz-questions-template.csv');
    expect(template.text).toBe(QUIZ_CSV_TEMPLATE);
    const quizId = await newQuiz('Csv');
    const response = await importFile(t, admin, { quizId, format: 'csv', text: template.text });
    expect(response.status, response.text).toBe(200);
    expect(response.body.results.questions.map((q: { line: number }) => q.line)).toEqual([2, 3, 4, 5]);
    expect((await readQuiz(t, admin, quizId)).questions).toMatchObject([
      {
        kind: 'singleChoice',
        points: 1,
        options: [{ correct: false }, { text: 'CO2', correct: true }, { correct: false }],
      },
      { kind: 'multipleChoice', points: 2, feedback: null },
      { kind: 'trueFalse', answer: false },
      {
        kind: 'shortAnswer',
        acceptedAnswers: ['Personal protective equipment', 'Personal protection equipment'],
      },
    ]);
  });

  it('reports each bad row with its line, counting line breaks inside quoted fields', async () => {
    const quizId = await newQuiz('Csv partly');
    const text = [
      'Question,Type,Options,Correct,Points',
      '"Two\nlines",single,A|B,1,1',
      'Bad type,essay,,,',
      'No correct,single,A|B,,1',
      'Out of range,multiple,A|B,3,1',
      'Zero points,truefalse,,true,0',
      'Short,short,,,1',
    ].join('\n');
    const response = await importFile(t, admin, { quizId, format: 'csv', text });
    expect(response.status, response.text).toBe(200);
    expect(response.body.results.questions).toEqual([
      { line: 2, title: 'Two', imported: true },
      {
        line: 4,
        title: 'Bad type',
        imported: false,
        reason: 'Unknown type "essay": use single, multiple, truefalse or short.',
      },
      { line: 5, title: 'No correct', imported: false, reason: `options: ${m.singleCorrect}` },
      {
        line: 6,
        title: 'Out of range',
        imported: false,
        reason: 'Option 3 named in correct does not exist.',
      },
      { line: 7, title: 'Zero points', imported: false, reason: `points: ${m.pointsInvalid}` },
      { line: 8, title: 'Short', imported: false, reason: `acceptedAnswers: ${m.acceptedRequired}` },
    ]);
    expect(await countOf(quizId)).toBe(1);
  });

  it('refuses a file without the header row and writes nothing', async () => {
    const quizId = await newQuiz('Csv refused');
    const response = await importFile(t, admin, { quizId, format: 'csv', text: 'a,b,c\n1,2,3' });
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(/^The header row must name the columns type, question/);
    expect(await countOf(quizId)).toBe(0);
  });
});

describe('the import request', () => {
  it('answers each missing or wrong field under its name, and caps the size', async () => {
    const quizId = await newQuiz('Request');
    const none = await importFile(t, admin, {});
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({
      quizId: m.quizRequired,
      format: m.formatRequired,
      file: m.fileRequired,
    });
    const unknownQuiz = await importFile(t, admin, {
      quizId: '00000000-0000-4000-8000-000000000000',
      format: 'gift',
      text: GIFT,
    });
    expect(unknownQuiz.status).toBe(422);
    expect(unknownQuiz.body.errors).toEqual({ quizId: m.quizNotFound });
    const badFormat = await importFile(t, admin, { quizId, format: 'xml', text: GIFT });
    expect(badFormat.body.errors).toEqual({ format: m.formatRequired });
    const big = await importFile(t, admin, {
      quizId,
      format: 'gift',
      text: 'x'.repeat(QUIZ_IMPORT_MAX_BYTES + 1),
    });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(m.fileTooLarge);
    const binary = await importFile(t, admin, {
      quizId,
      format: 'gift',
      bytes: new Uint8Array([0xff, 0xfe, 0x00, 0xc3]),
    });
    expect(binary.status).toBe(422);
    expect(binary.body.errors).toEqual({ file: m.fileNotText });
    const json = await t.call('POST', p.import, { token: admin, body: { quizId, format: 'gift' } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe(messages.malformedForm);
    expect(await countOf(quizId)).toBe(0);
  });

  it('is refused to a viewer and to a role without quizzes rights', async () => {
    const quizId = await newQuiz('Import guarded');
    for (const token of [
      await quizRoleUser(t, admin, { view: true }),
      await quizRoleUser(t, admin, { edit: true }, true),
    ]) {
      const response = await importFile(t, admin === token ? '' : token, {
        quizId,
        format: 'gift',
        text: GIFT,
      });
      expect(response.status).toBe(403);
    }
    expect(await countOf(quizId)).toBe(0);
  });
});
