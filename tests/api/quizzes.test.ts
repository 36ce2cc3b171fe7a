import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, recordMessage } from '../../contract/admin-list.ts';
import { messages } from '../../contract/messages.ts';
import {
  quizMessages as m,
  quizPaths as p,
  type QuizQuestion,
  type QuizRow,
} from '../../contract/quizzes/resource.ts';
import { quizQuestions, quizzes } from '../../server/db/schema/quizzes.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { createQuiz, quizRoleUser, readQuiz } from './quiz-fixtures.ts';

// What is special to quizzes; the shared list, status, bulk, 404, 409 and 422 behaviour is in
// conformance.test.ts. Imports are in quizzes-import.test.ts.

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
});
afterAll(() => t.close());

const run = Date.now().toString(36);

const single = {
  kind: 'singleChoice',
  text: 'Which one?',
  points: 2,
  feedback: 'Because.',
  options: [
    { text: 'This', correct: true },
    { text: 'That', correct: false },
  ],
};
const addQuestion = async (quizId: string, body: Record<string, unknown>) => {
  const response = await t.call('POST', p.question, { token: admin, body: { quizId, ...body } });
  expect(response.status, response.text).toBe(201);
  expect(response.body.message).toBe(recordMessage('question', String(body.text), 'created'));
  return response.body.results as QuizQuestion;
};
const refusal = async (body: Record<string, unknown>) => {
  const response = await t.call('POST', p.question, { token: admin, body });
  expect(response.status, response.text).toBe(422);
  expect(response.body.message).toBe(messages.validationFailed);
  return response.body.errors as Record<string, string>;
};

describe('quiz settings', () => {
  it('lists the seeded quizzes with their question counts', async () => {
    const list = await t.call('GET', `${p.list}?search=Forklift%20Safety`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.results.data).toEqual([
      expect.objectContaining({ name: 'Forklift Safety Check', questionCount: 4, status: true }),
    ]);
    const unpublished = await t.call('GET', `${p.list}?status=false&search=Data%20Protection`, {
      token: admin,
    });
    expect(unpublished.body.results.data.map((row: QuizRow) => row.name)).toEqual(['Data Protection Basics']);
    const seeded = await readQuiz(t, admin, list.body.results.data[0]._id);
    expect(new Set(seeded.questions.map((q) => q.kind))).toEqual(
      new Set(['singleChoice', 'multipleChoice', 'trueFalse', 'shortAnswer']),
    );
  });

  it('creates a quiz with its settings and reads it back with defaults', async () => {
    const quiz = await createQuiz(t, admin, {
      name: `  Settings ${run}  `,
      description: 'About it',
      passMark: 0,
      attemptsAllowed: 2,
      timeLimitMinutes: 1,
      shuffleQuestions: true,
    });
    expect(quiz).toMatchObject({
      name: `Settings ${run}`,
      description: 'About it',
      passMark: 0,
      attemptsAllowed: 2,
      timeLimitMinutes: 1,
      shuffleQuestions: true,
      status: true,
      version: 1,
      questions: [],
      questionCount: 0,
    });
    const plain = await createQuiz(t, admin, { name: `Defaults ${run}` });
    expect(plain).toMatchObject({
      passMark: 70,
      attemptsAllowed: null,
      timeLimitMinutes: null,
      shuffleQuestions: false,
    });
  });

  it('refuses settings out of range, each under its field, and writes nothing', async () => {
    const before = await t.db.$count(quizzes);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { name: m.nameRequired }],
      [{ name: 'x'.repeat(201) }, { name: m.nameTooLong }],
      [{ name: 'A', passMark: 101 }, { passMark: m.passMarkInvalid }],
      [{ name: 'A', passMark: -1 }, { passMark: m.passMarkInvalid }],
      [{ name: 'A', passMark: 50.5 }, { passMark: m.passMarkInvalid }],
      [{ name: 'A', attemptsAllowed: 0 }, { attemptsAllowed: m.attemptsInvalid }],
      [{ name: 'A', timeLimitMinutes: 0 }, { timeLimitMinutes: m.timeLimitInvalid }],
      [{ name: 'A', timeLimitMinutes: '5' }, { timeLimitMinutes: m.timeLimitInvalid }],
    ];
    for (const [body, errors] of cases) {
      const response = await t.call('POST', p.list, { token: admin, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors).toEqual(errors);
    }
    expect(await t.db.$count(quizzes)).toBe(before);
  });

  it('updates settings with the version read; a stale one gets 409 with the current quiz', async () => {
    const quiz = await createQuiz(t, admin, { name: `Versioned ${run}` });
    const body = { name: `Versioned ${run} 2`, passMark: 90, attemptsAllowed: null, timeLimitMinutes: 30 };
    const first = await t.call('PATCH', p.one(quiz._id), { token: admin, body: { ...body, version: 1 } });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      message: `Quiz 'Versioned ${run} 2' updated.`,
      results: { ...body, version: 2 },
    });
    const stale = await t.call('PATCH', p.one(quiz._id), {
      token: admin,
      body: { ...body, name: 'Lost', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: adminMessages.staleVersion,
      results: { name: body.name, version: 2 },
    });
    const bad = await t.call('PATCH', p.one(quiz._id), {
      token: admin,
      body: { ...body, passMark: 200, version: 2 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ passMark: m.passMarkInvalid });
  });

  it("duplicates a quiz with its settings and questions as '<name> (copy)', unpublished", async () => {
    const quiz = await createQuiz(t, admin, { name: `Original ${run}`, passMark: 55, attemptsAllowed: 4 });
    await addQuestion(quiz._id, single);
    await addQuestion(quiz._id, { kind: 'trueFalse', text: 'Sky is blue', answer: true });
    const response = await t.call('POST', p.duplicate(quiz._id), { token: admin });
    expect(response.status, response.text).toBe(201);
    expect(response.body.message).toBe(m.duplicated);
    const copy = response.body.results;
    expect(copy).toMatchObject({
      name: `Original ${run} (copy)`,
      passMark: 55,
      attemptsAllowed: 4,
      status: false,
    });
    expect(copy._id).not.toBe(quiz._id);
    const original = await readQuiz(t, admin, quiz._id);
    const strip = (q: QuizQuestion) => ({
      kind: q.kind,
      text: q.text,
      options: q.options,
      answer: q.answer,
      points: q.points,
    });
    expect(copy.questions.map(strip)).toEqual(original.questions.map(strip));
    expect(copy.questions[0]._id).not.toBe(original.questions[0]?._id);
    const missing = await t.call('POST', p.duplicate('00000000-0000-4000-8000-000000000000'), {
      token: admin,
    });
    expect(missing.status).toBe(404);
  });
});

describe('questions', () => {
  it('adds each type, numbered in order, and the quiz reads them back with their answer keys', async () => {
    const quiz = await createQuiz(t, admin, { name: `Kinds ${run}` });
    const a = await addQuestion(quiz._id, single);
    const b = await addQuestion(quiz._id, {
      kind: 'multipleChoice',
      text: 'Which ones?',
      options: [{ text: 'A', correct: true }, { text: 'B', correct: true }, { text: 'C' }],
    });
    const c = await addQuestion(quiz._id, {
      kind: 'trueFalse',
      text: 'Water is wet',
      answer: false,
      feedback: '',
    });
    const d = await addQuestion(quiz._id, {
      kind: 'shortAnswer',
      text: 'Capital of France?',
      acceptedAnswers: [' Paris '],
    });
    expect(a).toMatchObject({ position: 1, points: 2, feedback: 'Because.', answer: null, version: 1 });
    expect(b).toMatchObject({
      position: 2,
      points: 1,
      options: [{ correct: true }, { correct: true }, { correct: false }],
    });
    expect(c).toMatchObject({
      position: 3,
      answer: false,
      feedback: null,
      options: [
        { text: 'True', correct: false },
        { text: 'False', correct: true },
      ],
    });
    expect(d).toMatchObject({ position: 4, acceptedAnswers: ['Paris'], options: [] });
    const read = await readQuiz(t, admin, quiz._id);
    expect(read.questions.map((q) => q._id)).toEqual([a._id, b._id, c._id, d._id]);
    expect(read.questionCount).toBe(4);
  });

  it("refuses each type's broken questions with the message under the field, writing nothing", async () => {
    const quiz = await createQuiz(t, admin, { name: `Rules ${run}` });
    const before = await t.db.$count(quizQuestions);
    const quizId = quiz._id;
    expect(await refusal({ quizId, kind: 'essay', text: 'Q' })).toEqual({ kind: m.kindRequired });
    expect(await refusal({ quizId, ...single, text: '  ' })).toEqual({ text: m.textRequired });
    expect(await refusal({ quizId, ...single, points: 0 })).toEqual({ points: m.pointsInvalid });
    expect(await refusal({ quizId, ...single, points: 1.5 })).toEqual({ points: m.pointsInvalid });
    expect(await refusal({ quizId, ...single, options: [{ text: 'Only', correct: true }] })).toEqual({
      options: m.optionsTooFew,
    });
    expect(
      await refusal({
        quizId,
        ...single,
        options: [
          { text: 'A', correct: true },
          { text: 'B', correct: true },
        ],
      }),
    ).toEqual({ options: m.singleCorrect });
    expect(await refusal({ quizId, ...single, options: [{ text: 'A' }, { text: 'B' }] })).toEqual({
      options: m.singleCorrect,
    });
    expect(
      await refusal({ quizId, ...single, options: [{ text: 'A', correct: true }, { text: ' ' }] }),
    ).toEqual({
      'options.1.text': m.optionTextRequired,
    });
    expect(
      await refusal({ quizId, kind: 'multipleChoice', text: 'Q', options: [{ text: 'A' }, { text: 'B' }] }),
    ).toEqual({ options: m.multipleCorrect });
    expect(await refusal({ quizId, kind: 'multipleChoice', text: 'Q' })).toEqual({
      options: m.optionsTooFew,
    });
    expect(await refusal({ quizId, kind: 'trueFalse', text: 'Q' })).toEqual({ answer: m.answerRequired });
    expect(await refusal({ quizId, kind: 'trueFalse', text: 'Q', answer: 'yes' })).toEqual({
      answer: m.answerRequired,
    });
    expect(await refusal({ quizId, kind: 'shortAnswer', text: 'Q', acceptedAnswers: [] })).toEqual({
      acceptedAnswers: m.acceptedRequired,
    });
    expect(await refusal({ quizId, kind: 'shortAnswer', text: 'Q', acceptedAnswers: ['  '] })).toEqual({
      'acceptedAnswers.0': m.acceptedEmpty,
    });
    // Two fields wrong at once: both messages, each under its own field.
    expect(await refusal({ quizId, kind: 'trueFalse', text: '', points: 0 })).toEqual({
      text: m.textRequired,
      points: m.pointsInvalid,
      answer: m.answerRequired,
    });
    expect(await refusal({ ...single })).toEqual({ quizId: m.quizRequired });
    expect(await refusal({ ...single, quizId: '00000000-0000-4000-8000-000000000000' })).toEqual({
      quizId: m.quizNotFound,
    });
    expect(await t.db.$count(quizQuestions)).toBe(before);
  });

  it('updates a question with its version (409 when stale), may change its type, and deletes it', async () => {
    const quiz = await createQuiz(t, admin, { name: `Edit ${run}` });
    const question = await addQuestion(quiz._id, single);
    const changed = await t.call('PATCH', p.questionOne(question._id), {
      token: admin,
      body: { kind: 'shortAnswer', text: 'Name it', acceptedAnswers: ['It'], points: 3, version: 1 },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      message: "Question 'Name it' updated.",
      results: {
        kind: 'shortAnswer',
        options: [],
        acceptedAnswers: ['It'],
        points: 3,
        version: 2,
        position: 1,
      },
    });
    const stale = await t.call('PATCH', p.questionOne(question._id), {
      token: admin,
      body: { ...single, version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: adminMessages.staleVersion,
      results: { kind: 'shortAnswer', version: 2 },
    });
    const invalid = await t.call('PATCH', p.questionOne(question._id), {
      token: admin,
      body: { kind: 'shortAnswer', text: 'Name it', version: 2 },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ acceptedAnswers: m.acceptedRequired });
    const noVersion = await t.call('PATCH', p.questionOne(question._id), { token: admin, body: single });
    expect(noVersion.status).toBe(422);
    expect(noVersion.body.errors).toEqual({ version: adminMessages.versionRequired });

    const removed = await t.call('DELETE', p.questionOne(question._id), { token: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe("Question 'Name it' deleted.");
    expect(await t.db.$count(quizQuestions, eq(quizQuestions.id, question._id))).toBe(0);
    expect((await t.call('DELETE', p.questionOne(question._id), { token: admin })).status).toBe(404);
    expect(
      (await t.call('PATCH', p.questionOne(question._id), { token: admin, body: { ...single, version: 2 } }))
        .status,
    ).toBe(404);
  });

  it('reorders when every question is listed once, else 422 and the order stays', async () => {
    const quiz = await createQuiz(t, admin, { name: `Order ${run}` });
    const ids = [];
    for (const text of ['One', 'Two', 'Three'])
      ids.push((await addQuestion(quiz._id, { ...single, text }))._id);
    const other = await createQuiz(t, admin, { name: `Other ${run}` });
    const stranger = (await addQuestion(other._id, single))._id;
    const [one, two, three] = ids as [string, string, string];
    for (const questionIds of [
      [three, one],
      [three, one, one, two],
      [three, one, stranger],
      [three, one, two, 'x'],
    ]) {
      const response = await t.call('POST', p.reorder, {
        token: admin,
        body: { quizId: quiz._id, questionIds },
      });
      expect(response.status, JSON.stringify(questionIds)).toBe(422);
      expect(response.body.errors).toEqual({ questionIds: m.reorderMismatch });
    }
    expect((await readQuiz(t, admin, quiz._id)).questions.map((q) => q.text)).toEqual([
      'One',
      'Two',
      'Three',
    ]);
    const moved = await t.call('POST', p.reorder, {
      token: admin,
      body: { quizId: quiz._id, questionIds: [three, one, two] },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.message).toBe(m.reordered);
    const read = await readQuiz(t, admin, quiz._id);
    expect(read.questions.map((q) => [q.text, q.position])).toEqual([
      ['Three', 1],
      ['One', 2],
      ['Two', 3],
    ]);
    // A question added afterwards goes last.
    expect((await addQuestion(quiz._id, { ...single, text: 'Four' })).position).toBe(4);
  });
});

describe('who may see and change quizzes', () => {
  it('refuses every quiz route to a role without quizzes rights, and changes to a viewer', async () => {
    const quiz = await createQuiz(t, admin, { name: `Guarded ${run}` });
    const question = await addQuestion(quiz._id, single);
    const outsider = await quizRoleUser(t, admin, { view: true, add: true, edit: true }, true);
    const viewer = await quizRoleUser(t, admin, { view: true });
    const learner = await t.login(demo.lead.email, demo.lead.password);
    const changes: [string, string, unknown][] = [
      ['POST', p.list, { name: 'Nope' }],
      ['PATCH', p.one(quiz._id), { name: 'Nope', version: 1 }],
      ['POST', p.duplicate(quiz._id), undefined],
      ['POST', p.question, { quizId: quiz._id, ...single }],
      ['PATCH', p.questionOne(question._id), { ...single, version: 1 }],
      ['DELETE', p.questionOne(question._id), undefined],
      ['POST', p.reorder, { quizId: quiz._id, questionIds: [question._id] }],
    ];
    const reads: [string, string, unknown][] = [
      ['GET', p.list, undefined],
      ['GET', p.one(quiz._id), undefined],
      ['GET', p.importTemplate, undefined],
    ];
    for (const token of [outsider, learner]) {
      for (const [method, path, body] of [...reads, ...changes]) {
        const response = await t.call(method, path, { token, body });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.message).toBe(messages.forbidden);
        // The answer key is never in a refusal.
        expect(response.text).not.toContain('correct');
      }
    }
    for (const [method, path] of reads)
      expect((await t.call(method, path, { token: viewer })).status).toBe(200);
    for (const [method, path, body] of changes)
      expect((await t.call(method, path, { token: viewer, body })).status, `${method} ${path}`).toBe(403);
    const after = await readQuiz(t, admin, quiz._id);
    expect(after).toMatchObject({ name: `Guarded ${run}`, version: 1, questionCount: 1 });
    expect((await t.call('GET', p.list)).status).toBe(401);
  });
});
