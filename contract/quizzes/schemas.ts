import * as v from 'valibot';
import { recordVersion } from '../admin-list.ts';
import { QUIZ_REVIEWS } from '../learning/resource.ts';
import { noNul } from '../validation.ts';
import { IMPORT_FORMATS, quizMessages as m, QUESTION_KINDS, QUIZ_MAX_QUESTIONS } from './resource.ts';

// A missing field reads as empty so it gets the field's own message, not valibot's generic one.
const text = (required: string, tooLong: string, max: number) =>
  v.optional(
    v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong), noNul),
    '',
  );
const optionalText = (tooLong: string, max: number) =>
  v.optional(v.pipe(v.string(tooLong), v.trim(), v.maxLength(max, tooLong), noNul), '');

const wholeNumber = (message: string, min: number, max = 100_000) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

const quizEntries = {
  name: text(m.nameRequired, m.nameTooLong, 200),
  description: optionalText(m.descriptionTooLong, 2000),
  /** The percentage of the points needed to pass. */
  passMark: v.optional(wholeNumber(m.passMarkInvalid, 0, 100), 70),
  /** null: unlimited attempts. */
  attemptsAllowed: v.optional(v.nullable(wholeNumber(m.attemptsInvalid, 1, 1000)), null),
  /** null: no time limit. */
  timeLimitMinutes: v.optional(v.nullable(wholeNumber(m.timeLimitInvalid, 1, 10_000)), null),
  shuffleQuestions: v.optional(v.boolean(), false),
  /** What a learner sees after an attempt. */
  review: v.optional(v.picklist(QUIZ_REVIEWS, m.reviewInvalid), 'answers'),
};

/** POST /quiz: the settings of a new quiz. */
export const quizSchema = v.object(quizEntries);
export type QuizInput = v.InferInput<typeof quizSchema>;

/** PATCH /quiz/{id}: the same settings and the `version` the form read. */
export const quizUpdateSchema = v.object({ ...quizEntries, version: recordVersion });
export type QuizUpdateInput = v.InferInput<typeof quizUpdateSchema>;

const option = v.object({
  text: text(m.optionTextRequired, m.optionTextRequired, 500),
  correct: v.optional(v.boolean(), false),
});

const questionEntries = {
  kind: v.picklist(QUESTION_KINDS, m.kindRequired),
  text: text(m.textRequired, m.textTooLong, 2000),
  points: v.optional(wholeNumber(m.pointsInvalid, 1, 1000), 1),
  feedback: optionalText(m.feedbackTooLong, 2000),
  /** Single and multiple choice: the choices with the correct ones marked. */
  options: v.optional(v.pipe(v.array(option), v.maxLength(20, m.optionsTooMany)), []),
  /** True/false: whether the statement is true. */
  answer: v.optional(v.nullable(v.boolean(m.answerRequired)), null),
  /** Short answer: the answers taken as right, compared without regard to case or spacing. */
  acceptedAnswers: v.optional(
    v.pipe(
      v.array(
        v.pipe(v.string(m.acceptedEmpty), v.trim(), v.nonEmpty(m.acceptedEmpty), v.maxLength(500), noNul),
      ),
      v.maxLength(20, m.optionsTooMany),
    ),
    [],
  ),
};

type Raw = { kind?: unknown; options?: unknown; answer?: unknown; acceptedAnswers?: unknown };

const isChoice = (kind: unknown) => kind === 'singleChoice' || kind === 'multipleChoice';

/** The problem of each type's own field, if any; read from the raw value, so it shows beside other fields' messages. */
function kindProblem(
  input: Raw,
): { field: 'options' | 'answer' | 'acceptedAnswers'; message: string } | undefined {
  if (isChoice(input.kind) && Array.isArray(input.options)) {
    const options = input.options as { correct?: unknown }[];
    if (options.length < 2) return { field: 'options', message: m.optionsTooFew };
    const correct = options.filter((option) => option?.correct === true).length;
    if (input.kind === 'singleChoice' && correct !== 1) return { field: 'options', message: m.singleCorrect };
    if (input.kind === 'multipleChoice' && correct < 1)
      return { field: 'options', message: m.multipleCorrect };
  }
  if (input.kind === 'trueFalse' && typeof input.answer !== 'boolean')
    return { field: 'answer', message: m.answerRequired };
  if (
    input.kind === 'shortAnswer' &&
    Array.isArray(input.acceptedAnswers) &&
    input.acceptedAnswers.length === 0
  )
    return { field: 'acceptedAnswers', message: m.acceptedRequired };
  return undefined;
}

/**
 * The rules of each type, each message under its own field: choices need two options and their
 * correct marks (exactly one for single choice, one or more for multiple), true/false its answer,
 * short answer an accepted answer.
 */
const kindRules = <T extends object>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    const input = dataset.value as Raw;
    if (typeof input !== 'object' || input === null) return;
    const problem = kindProblem(input);
    if (!problem) return;
    addIssue({
      message: problem.message,
      path: [
        {
          type: 'object',
          origin: 'value',
          input: input as Record<string, unknown>,
          key: problem.field,
          value: input[problem.field],
        },
      ],
    });
  });

/** A question's fields and their per-type rules (the form, the API and each imported question). */
export const questionFieldsSchema = v.pipe(v.object(questionEntries), kindRules());
export type QuestionFields = v.InferOutput<typeof questionFieldsSchema>;

const quizId = v.optional(v.pipe(v.string(m.quizRequired), v.uuid(m.quizRequired)), '');

/** POST /quiz/question: a question added at the end of `quizId`. */
export const questionCreateSchema = v.pipe(v.object({ ...questionEntries, quizId }), kindRules());
export type QuestionCreateInput = v.InferInput<typeof questionCreateSchema>;

/** PATCH /quiz/question/{id}: the fields and the `version` the form read. */
export const questionUpdateSchema = v.pipe(
  v.object({ ...questionEntries, version: recordVersion }),
  kindRules(),
);
export type QuestionUpdateInput = v.InferInput<typeof questionUpdateSchema>;

/** POST /quiz/question/reorder: every question of the quiz once, first to last. */
export const questionReorderSchema = v.object({
  quizId,
  questionIds: v.pipe(
    // Anything that is not one of the quiz's ids is refused as a mismatch, under the list itself.
    v.array(v.string(m.reorderMismatch), m.reorderMismatch),
    v.maxLength(QUIZ_MAX_QUESTIONS, m.reorderMismatch),
  ),
});
export type QuestionReorderInput = v.InferInput<typeof questionReorderSchema>;

/** The text fields of POST /quiz/question/import (the file is checked apart). */
export const quizImportFieldsSchema = v.object({
  quizId,
  format: v.picklist(IMPORT_FORMATS, m.formatRequired),
});
