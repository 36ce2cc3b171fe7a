import type { AdminRow } from '../admin-list.ts';
import type { QuizReview } from '../learning/resource.ts';
import { defineResource, resourcePaths } from '../resource.ts';

/**
 * Quizzes (spec 2 `/app/content-management/quizzes`, 7 `/quiz` with bulk-delete, bulk-publish,
 * bulk-unpublish, duplicate, question, question/import). A quiz holds ordered questions graded on
 * the server; the answer keys (correct options, accepted answers) are answered only to the
 * administration, under the content-management/quizzes view right.
 */
export const quizResource = defineResource({
  path: '/quiz',
  module: 'content-management',
  submodule: 'quizzes',
  statusWords: 'publish',
  noun: 'quiz',
});

export const quizPaths = {
  ...resourcePaths(quizResource),
  /** POST: a copy of the quiz, its settings and questions, named '<name> (copy)'. */
  duplicate: (quizId: string) => `/quiz/duplicate/${quizId}`,
  /** POST: a new question (`quizId` in the body). */
  question: '/quiz/question',
  /** PATCH (with `version`) or DELETE one question. */
  questionOne: (questionId: string) => `/quiz/question/${questionId}`,
  /** POST `{ quizId, questionIds }`: every question of the quiz once, in the new order. */
  reorder: '/quiz/question/reorder',
  /**
   * POST multipart `quizId`, `format` (gift, aiken, csv) and `file` (at most QUIZ_IMPORT_MAX_BYTES,
   * UTF-8): a per-question report, each question with its line and imported or why not. The
   * valid questions are added at the end of the quiz in one transaction and the others reported;
   * a file that cannot be read at all, or has no question that can be imported, is refused with
   * 422 (its report in `results`) and nothing is written. A failure mid-way writes nothing either.
   */
  import: '/quiz/question/import',
  /** GET: the CSV template with its header row and one example of each question type. */
  importTemplate: '/quiz/question/import/template',
} as const;

export const QUESTION_KINDS = ['singleChoice', 'multipleChoice', 'trueFalse', 'shortAnswer'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  singleChoice: 'Single choice',
  multipleChoice: 'Multiple choice',
  trueFalse: 'True / false',
  shortAnswer: 'Short answer',
};

export const IMPORT_FORMATS = ['gift', 'aiken', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  gift: 'GIFT',
  aiken: 'Aiken',
  csv: 'CSV',
};

/** The largest import file taken; a bigger one is refused with 413 and nothing is read. */
export const QUIZ_IMPORT_MAX_BYTES = 512 * 1024;
/** The most questions a quiz holds, so an import or a reorder stays one bounded transaction. */
export const QUIZ_MAX_QUESTIONS = 2000;

export const quizMessages = {
  nameRequired: 'Quiz name is required.',
  nameTooLong: 'Quiz name must be at most 200 characters.',
  descriptionTooLong: 'Description must be at most 2000 characters.',
  passMarkInvalid: 'Pass mark must be a whole number from 0 to 100.',
  attemptsInvalid: 'Attempts allowed must be a whole number of 1 or more, or unlimited.',
  timeLimitInvalid: 'Time limit must be a whole number of minutes, 1 or more, or none.',
  reviewInvalid: 'Choose what a learner sees after an attempt.',
  duplicated: 'Quiz is duplicated successfully.',
  quizRequired: 'Quiz is required.',
  quizNotFound: 'The quiz does not exist.',
  kindRequired: 'Question type must be single choice, multiple choice, true/false or short answer.',
  textRequired: 'Question text is required.',
  textTooLong: 'Question text must be at most 2000 characters.',
  pointsInvalid: 'Points must be a whole number of 1 or more.',
  feedbackTooLong: 'Feedback must be at most 2000 characters.',
  optionsTooFew: 'Add at least two options.',
  optionsTooMany: 'A question can have at most 20 options.',
  optionTextRequired: 'Option text is required.',
  singleCorrect: 'Mark exactly one option as correct.',
  multipleCorrect: 'Mark at least one option as correct.',
  answerRequired: 'Choose whether the statement is true or false.',
  acceptedRequired: 'Add at least one accepted answer.',
  acceptedEmpty: 'An accepted answer cannot be empty.',
  tooManyQuestions: `A quiz can hold at most ${QUIZ_MAX_QUESTIONS} questions.`,
  reordered: 'Questions are reordered successfully.',
  reorderMismatch: 'List every question of the quiz once, in the new order.',
  formatRequired: 'Choose a format: GIFT, Aiken or CSV.',
  fileRequired: 'Choose a file to import.',
  fileTooLarge: 'The file must be at most 512 KB.',
  fileNotText: 'The file must be UTF-8 text.',
  nothingImportable: 'No question in the file could be imported; nothing was written.',
  imported: (done: number, skipped: number) =>
    `${done} question${done === 1 ? '' : 's'} imported, ${skipped} skipped.`,
} as const;

/** A row of the Quizzes list. */
export type QuizRow = AdminRow & {
  name: string;
  questionCount: number;
  createdAt: string;
};

/** A choice of a question with its mark: administration only. */
export type QuestionOption = { text: string; correct: boolean };

/** A question as the administration edits it, answer key included. */
export type QuizQuestion = {
  _id: string;
  quizId: string;
  position: number;
  kind: QuestionKind;
  text: string;
  points: number;
  feedback: string | null;
  options: QuestionOption[];
  /** True/false: the statement's truth; null for the other kinds. */
  answer: boolean | null;
  acceptedAnswers: string[];
  version: number;
};

/** GET /quiz/{id}: the quiz's settings and its questions in order. */
export type QuizDetail = QuizRow & {
  description: string;
  passMark: number;
  attemptsAllowed: number | null;
  timeLimitMinutes: number | null;
  shuffleQuestions: boolean;
  /** What a learner sees after an attempt. */
  review: QuizReview;
  questions: QuizQuestion[];
};

/** One question of an import file: where it starts and whether it was imported, or why not. */
export type ImportLine = { line: number; title: string; imported: boolean; reason?: string };

export type QuizImportReport = {
  format: ImportFormat;
  imported: number;
  skipped: number;
  questions: ImportLine[];
};
