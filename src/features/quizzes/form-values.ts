import type { FieldErrors } from '@contract/envelope';
import type { QuizReview } from '@contract/learning/resource';
import type { QuestionKind, QuizDetail, QuizQuestion } from '@contract/quizzes/resource';
import type {
  QuestionCreateInput,
  QuestionUpdateInput,
  QuizInput,
  QuizUpdateInput,
} from '@contract/quizzes/schemas';

/** The settings form. Numbers are typed as text; an empty attempts or time limit means none. */
export type QuizFormValues = {
  name: string;
  description: string;
  passMark: string;
  attemptsAllowed: string;
  timeLimitMinutes: string;
  shuffleQuestions: boolean;
  review: QuizReview;
  version: number;
};

export const emptyQuizValues = (): QuizFormValues => ({
  name: '',
  description: '',
  passMark: '70',
  attemptsAllowed: '',
  timeLimitMinutes: '',
  shuffleQuestions: false,
  review: 'answers',
  version: 1,
});

export const toQuizFormValues = (quiz: QuizDetail): QuizFormValues => ({
  name: quiz.name,
  description: quiz.description,
  passMark: String(quiz.passMark),
  attemptsAllowed: quiz.attemptsAllowed === null ? '' : String(quiz.attemptsAllowed),
  timeLimitMinutes: quiz.timeLimitMinutes === null ? '' : String(quiz.timeLimitMinutes),
  shuffleQuestions: quiz.shuffleQuestions,
  review: quiz.review,
  version: quiz.version,
});

/** A typed number; text that is not one is sent as NaN so the contract's message shows. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const orNull = (text: string) => (text.trim() === '' ? null : Number(text));

export const toQuizInput = (values: QuizFormValues): QuizInput => ({
  name: values.name,
  description: values.description,
  passMark: numberOf(values.passMark),
  attemptsAllowed: orNull(values.attemptsAllowed),
  timeLimitMinutes: orNull(values.timeLimitMinutes),
  shuffleQuestions: values.shuffleQuestions,
  review: values.review,
});

export const toQuizUpdate = (values: QuizFormValues): QuizUpdateInput => ({
  ...toQuizInput(values),
  version: values.version,
});

/** The question form: every type's fields kept, so switching type loses nothing typed. */
export type QuestionFormValues = {
  kind: QuestionKind;
  text: string;
  points: string;
  feedback: string;
  options: { text: string; correct: boolean }[];
  /** True/false: 'true', 'false' or '' before one is chosen. */
  answer: string;
  acceptedAnswers: string[];
  version: number;
};

export const emptyQuestionValues = (): QuestionFormValues => ({
  kind: 'singleChoice',
  text: '',
  points: '1',
  feedback: '',
  options: [
    { text: '', correct: false },
    { text: '', correct: false },
  ],
  answer: '',
  acceptedAnswers: [],
  version: 1,
});

export const toQuestionFormValues = (question: QuizQuestion): QuestionFormValues => ({
  kind: question.kind,
  text: question.text,
  points: String(question.points),
  feedback: question.feedback ?? '',
  options:
    question.kind === 'singleChoice' || question.kind === 'multipleChoice'
      ? question.options
      : emptyQuestionValues().options,
  answer: question.answer === null ? '' : String(question.answer),
  acceptedAnswers: question.acceptedAnswers,
  version: question.version,
});

/** The body sent: only the fields the type uses. */
export function toQuestionInput(values: QuestionFormValues, quizId: string): QuestionCreateInput {
  const choice = values.kind === 'singleChoice' || values.kind === 'multipleChoice';
  return {
    quizId,
    kind: values.kind,
    text: values.text,
    points: numberOf(values.points),
    feedback: values.feedback,
    options: choice ? values.options : [],
    answer: values.kind === 'trueFalse' && values.answer !== '' ? values.answer === 'true' : null,
    acceptedAnswers: values.kind === 'shortAnswer' ? values.acceptedAnswers : [],
  };
}

export function toQuestionUpdate(values: QuestionFormValues): QuestionUpdateInput {
  const { quizId: _quizId, ...input } = toQuestionInput(values, '');
  return { ...input, version: values.version };
}

/** The contract's dotted paths as the form's fields: `options.1.text` is `options[1].text`. */
export function placeQuestionErrors(errors: FieldErrors): FieldErrors {
  const placed: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const name = key.startsWith('acceptedAnswers.') ? 'acceptedAnswers' : key.replace(/\.(\d+)/g, '[$1]');
    placed[name] ??= message;
  }
  return placed;
}
