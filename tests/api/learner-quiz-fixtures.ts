import { expect } from 'vitest';
import type { TestContext } from './helpers.ts';
import {
  learnerCalls,
  newCourse,
  newLearner,
  newQuiz,
  type QuestionSpec,
  setOutline,
} from './learning-fixtures.ts';

/** Every question kind, worth 1, 2, 3, 4 and 5 points. */
export const QUESTIONS: QuestionSpec[] = [
  {
    kind: 'singleChoice',
    options: [
      { text: 'Red', correct: false },
      { text: 'Green', correct: true },
      { text: 'Blue', correct: false },
    ],
    points: 1,
    feedback: 'Green means go.',
  },
  {
    kind: 'multipleChoice',
    options: [
      { text: 'Gloves', correct: true },
      { text: 'Sandals', correct: false },
      { text: 'Goggles', correct: true },
    ],
    points: 2,
  },
  { kind: 'trueFalse', answer: false, points: 3 },
  { kind: 'shortAnswer', accepted: ['Fire  Exit', 'exit'], points: 4 },
  {
    kind: 'singleChoice',
    options: [
      { text: 'Yes', correct: true },
      { text: 'No', correct: false },
    ],
    points: 5,
  },
];

/** A learner and a course whose outline is one new quiz of `questions` with `settings`. */
export async function quizSetUp(
  t: TestContext,
  settings: Parameters<typeof newQuiz>[1] = {},
  questions = QUESTIONS,
) {
  const me = await newLearner(t);
  const quiz = await newQuiz(t, settings, questions);
  const courseId = await newCourse(t);
  await setOutline(t, courseId, [{ quizId: quiz.quizId }]);
  return { me, ...quiz, courseId, calls: learnerCalls(t, me.token) };
}

/** No answer key in a body meant for a learner: no `correct` mark, no accepted answers. */
export function expectNoKeys(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/"correct"\s*:\s*(true|false)\s*,\s*"text"|"text"\s*:\s*"[^"]*"\s*,\s*"correct"/);
  expect(text).not.toContain('acceptedAnswers');
  expect(text).not.toContain('Fire  Exit');
  expect(text).not.toContain('rightChoices');
}
