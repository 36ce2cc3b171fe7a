import * as v from 'valibot';
import { idFilterParam } from '../admin-list.ts';
import { limitParam, pageParam, searchParam } from '../list-query.ts';
import { learningMessages as m } from './resource.ts';

/** GET /user-portal/course: page, limit, search (name) and `category` (a category id, its subcategories included). */
export const catalogueQuery = v.object({
  page: pageParam,
  limit: limitParam(10),
  search: searchParam,
  category: idFilterParam,
});
export type CatalogueQuery = v.InferOutput<typeof catalogueQuery>;

const clientId = (message: string) => v.pipe(v.string(message), v.uuid(message));

/**
 * POST activity complete. `completionId` is made by the client, so a replayed request counts once;
 * `watched` is the share of a video or audio played without seeking ahead (0 to 1); `openedAt` when
 * the learner opened a video or audio (an ISO time), sent with the completion so one replayed from
 * the outbox is judged on when it was opened.
 */
export const activityCompleteSchema = v.object({
  completionId: clientId(m.completionIdInvalid),
  watched: v.optional(
    v.pipe(v.number(m.mediaNotWatched), v.minValue(0, m.mediaNotWatched), v.maxValue(1, m.mediaNotWatched)),
  ),
  openedAt: v.optional(
    v.pipe(
      v.string(m.openedAtInvalid),
      v.isoTimestamp(m.openedAtInvalid),
      v.check((value) => !Number.isNaN(Date.parse(value)), m.openedAtInvalid),
    ),
  ),
});
export type ActivityCompleteInput = v.InferInput<typeof activityCompleteSchema>;

/** POST mark done: the client's id of the course completion, so a replayed request counts once. */
export const markDoneSchema = v.object({ completionId: clientId(m.completionIdInvalid) });
export type MarkDoneInput = v.InferInput<typeof markDoneSchema>;

/** The hand-in form's text field, sent before its `file` part. */
export const handInFieldsSchema = v.object({ completionId: clientId(m.completionIdInvalid) });

/** GET /user-portal/quiz/{id}?course= */
export const learnerQuizQuery = v.object({
  course: v.pipe(v.string(m.quizNotInCourse), v.uuid(m.quizNotInCourse)),
});

/** POST /user-portal/quiz/{id}/attempt */
export const attemptStartSchema = v.object({
  attemptId: clientId(m.attemptIdInvalid),
  courseId: v.pipe(v.string(m.quizNotInCourse), v.uuid(m.quizNotInCourse)),
});
export type AttemptStartInput = v.InferInput<typeof attemptStartSchema>;

/** At most this many answers in one submit (a quiz holds at most QUIZ_MAX_QUESTIONS questions). */
const MAX_ANSWERS = 2000;

const answerSchema = v.strictObject(
  {
    questionId: v.pipe(v.string(m.answersInvalid), v.uuid(m.answersInvalid)),
    choices: v.optional(
      v.pipe(
        v.array(
          v.pipe(v.number(m.answerInvalid), v.integer(m.answerInvalid), v.minValue(0, m.answerInvalid)),
          m.answerInvalid,
        ),
        v.maxLength(100, m.answerInvalid),
      ),
    ),
    value: v.optional(v.boolean(m.answerInvalid)),
    text: v.optional(
      v.pipe(
        v.string(m.answerInvalid),
        v.maxLength(1000, m.answerInvalid),
        v.regex(/^[^\0]*$/, m.answerInvalid),
      ),
    ),
  },
  m.answerInvalid,
);

/** POST submit: one answer per question at most; a question left out scores nothing. */
export const attemptSubmitSchema = v.object({
  answers: v.pipe(v.array(answerSchema, m.answersInvalid), v.maxLength(MAX_ANSWERS, m.answersInvalid)),
});
export type AttemptSubmitInput = v.InferInput<typeof attemptSubmitSchema>;
