import type {
  AttemptResult,
  LearnerQuestion,
  QuizAnswer,
  QuizReview,
  ReviewItem,
} from '../../../contract/learning/resource.ts';
import { learningMessages as m } from '../../../contract/learning/resource.ts';
import { messages } from '../../../contract/messages.ts';
import type { GradedAnswer } from '../../db/schema/learning.ts';
import type { quizQuestions } from '../../db/schema/quizzes.ts';
import { ApiError } from '../../http/errors.ts';

export type QuestionRecord = typeof quizQuestions.$inferSelect;

/** A question as a learner meets it: the choices' texts only, never which are correct. */
export function toLearnerQuestion(question: QuestionRecord): LearnerQuestion {
  const choice = question.kind === 'singleChoice' || question.kind === 'multipleChoice';
  return {
    _id: question.id,
    kind: question.kind,
    text: question.text,
    points: question.points,
    options: choice ? question.options.map((option) => option.text) : [],
  };
}

/** Short answers compare without regard to case, surrounding spaces or repeated inner spaces. */
export const normaliseAnswer = (text: string) =>
  text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

const correctIndexes = (question: QuestionRecord) =>
  question.options.flatMap((option, index) => (option.correct ? [index] : []));

/** True/false questions keep their truth as the `correct` mark of the 'True' option. */
const truthOf = (question: QuestionRecord) =>
  question.options.find((option) => option.text === 'True')?.correct ?? false;

const invalid = (message: string) => new ApiError(422, messages.validationFailed, { answers: message });

/** 422 for an answer of the wrong shape for its question: its kind's field only, choices in range and once each. */
function checkShape(question: QuestionRecord, answer: QuizAnswer) {
  const { choices, value, text } = answer;
  const choice = question.kind === 'singleChoice' || question.kind === 'multipleChoice';
  if (choices !== undefined) {
    if (!choice) throw invalid(m.answerInvalid);
    if (choices.some((index) => index >= question.options.length)) throw invalid(m.answerInvalid);
    if (new Set(choices).size !== choices.length) throw invalid(m.answerInvalid);
    if (question.kind === 'singleChoice' && choices.length > 1) throw invalid(m.answerInvalid);
  }
  if (value !== undefined && question.kind !== 'trueFalse') throw invalid(m.answerInvalid);
  if (text !== undefined && question.kind !== 'shortAnswer') throw invalid(m.answerInvalid);
}

function isCorrect(question: QuestionRecord, answer: QuizAnswer | undefined): boolean {
  if (!answer) return false;
  switch (question.kind) {
    case 'singleChoice':
    case 'multipleChoice': {
      // Multiple choice scores only the exact set of correct options: no points for part of it.
      const right = correctIndexes(question);
      const chosen = [...new Set(answer.choices ?? [])].sort((a, b) => a - b);
      return chosen.length === right.length && chosen.every((index, at) => index === right[at]);
    }
    case 'trueFalse':
      return answer.value !== undefined && answer.value === truthOf(question);
    case 'shortAnswer': {
      if (answer.text === undefined) return false;
      const given = normaliseAnswer(answer.text);
      return given !== '' && question.acceptedAnswers.some((accepted) => normaliseAnswer(accepted) === given);
    }
  }
}

export type Grading = { answers: GradedAnswer[]; points: number; maxPoints: number; score: number };

/**
 * Grades an attempt's answers against the questions it showed (`questions`, in its order): each
 * question once at most, a question left out scores nothing; 422 for an answer naming a question
 * that is not in the attempt, naming one twice, or not fitting its question.
 */
export function grade(questions: QuestionRecord[], answers: QuizAnswer[]): Grading {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const given = new Map<string, QuizAnswer>();
  for (const answer of answers) {
    const question = byId.get(answer.questionId.toLowerCase());
    if (!question || given.has(question.id)) throw invalid(m.answersInvalid);
    checkShape(question, answer);
    given.set(question.id, answer);
  }
  let points = 0;
  let maxPoints = 0;
  const graded = questions.map((question): GradedAnswer => {
    const answer = given.get(question.id);
    const correct = isCorrect(question, answer);
    const earned = correct ? question.points : 0;
    points += earned;
    maxPoints += question.points;
    return {
      questionId: question.id,
      ...(answer?.choices !== undefined ? { choices: answer.choices } : {}),
      ...(answer?.value !== undefined ? { value: answer.value } : {}),
      ...(answer?.text !== undefined ? { text: answer.text } : {}),
      correct,
      points: earned,
    };
  });
  const score = maxPoints === 0 ? 0 : Math.round((100 * points) / maxPoints);
  return { answers: graded, points, maxPoints, score };
}

/** What the learner sees of the grading: nothing per question, which were right, or the keys and feedback too. */
export function reviewOf(
  review: QuizReview,
  questions: QuestionRecord[],
  graded: GradedAnswer[],
): ReviewItem[] | null {
  if (review === 'score') return null;
  const byId = new Map(questions.map((question) => [question.id, question]));
  return graded.map((answer): ReviewItem => {
    const item: ReviewItem = { questionId: answer.questionId, correct: answer.correct };
    const question = byId.get(answer.questionId);
    if (review !== 'full' || !question) return item;
    if (question.kind === 'singleChoice' || question.kind === 'multipleChoice')
      item.rightChoices = correctIndexes(question);
    if (question.kind === 'trueFalse') item.rightValue = truthOf(question);
    if (question.kind === 'shortAnswer') item.acceptedAnswers = question.acceptedAnswers;
    item.feedback = question.feedback;
    return item;
  });
}

/**
 * A grading as the learner may see it: the right answers and feedback of a full review only once
 * they passed or have no attempts left, so a failed attempt is no answer sheet for the next one;
 * before that, which answers were right. Applied to stored gradings too, whenever they were made.
 */
export function shownResult(result: AttemptResult): AttemptResult {
  if (result.passed || result.attemptsLeft === 0 || !result.review) return result;
  return { ...result, review: result.review.map(({ questionId, correct }) => ({ questionId, correct })) };
}
