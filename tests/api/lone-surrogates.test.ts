import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { quizPaths } from '../../contract/quizzes/resource.ts';
import { quizAttempts } from '../../server/db/schema/learning.ts';
import { quizQuestions } from '../../server/db/schema/quizzes.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { learnerCalls, newCourse, newLearner, newQuiz, setOutline } from './learning-fixtures.ts';

/** Half of a UTF-16 pair with no other half: no Unicode character, and jsonb refuses it. */
const LONE = 'a\ud800b';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
});
afterAll(() => t.close());

const refused = (field: string) => ({
  message: messages.validationFailed,
  errors: { [field]: messages.invalidCharacters },
});

describe('text that is not valid Unicode', () => {
  it("refuses a lone surrogate in a quiz attempt's short answer, leaving the attempt open", async () => {
    const me = await newLearner(t);
    const { quizId, questionIds } = await newQuiz(t, {}, [{ kind: 'shortAnswer', accepted: ['exit'] }]);
    const courseId = await newCourse(t);
    await setOutline(t, courseId, [{ quizId }]);
    const calls = learnerCalls(t, me.token);
    const attemptId = randomUUID();
    expect((await calls.start(quizId, courseId, attemptId)).status).toBe(200);

    const response = await calls.submit(quizId, attemptId, [{ questionId: questionIds[0], text: LONE }]);
    expect(response.status, response.text).toBe(422);
    expect(response.body).toEqual(refused('answers.0.text'));
    const [attempt] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
    expect(attempt).toMatchObject({ submittedAt: null, answers: null });
  });

  it("refuses a lone surrogate in a question's accepted answers, on create and on edit", async () => {
    const { quizId, questionIds } = await newQuiz(t, {}, [{ kind: 'shortAnswer', accepted: ['exit'] }]);
    const question = { kind: 'shortAnswer', text: 'Where?', acceptedAnswers: ['exit', LONE] };
    const questionsOf = () => t.db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
    const before = await questionsOf();

    const created = await t.call('POST', quizPaths.question, { token: admin, body: { ...question, quizId } });
    expect(created.status, created.text).toBe(422);
    expect(created.body).toEqual(refused('acceptedAnswers.1'));
    const edited = await t.call('PATCH', quizPaths.questionOne(questionIds[0] as string), {
      token: admin,
      body: { ...question, version: 1 },
    });
    expect(edited.status, edited.text).toBe(422);
    expect(edited.body).toEqual(refused('acceptedAnswers.1'));
    expect(await questionsOf()).toEqual(before);
  });

  it('refuses a lone surrogate anywhere in a JSON body, a low half or in a name, before the route reads it', async () => {
    for (const [body, field] of [
      [{ name: '\udc00 group' }, 'name'],
      [{ name: 'Group', extra: { deep: ['ok', `x${LONE}`] } }, 'extra.deep.1'],
      [{ name: 'Group', [`key${LONE}`]: 'x' }, 'root'],
    ] as const) {
      const response = await t.call('POST', '/user-group', { token: admin, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body).toEqual(refused(field));
    }
    // A character outside the basic plane is a pair, which is valid.
    const emoji = await t.call('POST', '/user-group', { token: admin, body: { name: 'Night \ud83c\udf19' } });
    expect(emoji.status, emoji.text).toBe(201);
    expect(emoji.body.results.name).toBe('Night 🌙');
  });
});
