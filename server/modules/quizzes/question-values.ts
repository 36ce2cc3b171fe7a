import { sql } from 'drizzle-orm';
import { messages } from '../../../contract/messages.ts';
import { quizMessages as m, QUIZ_MAX_QUESTIONS } from '../../../contract/quizzes/resource.ts';
import type { QuestionFields } from '../../../contract/quizzes/schemas.ts';
import type { Transaction } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { QuestionOption } from '../../db/schema/quizzes.ts';
import { ApiError } from '../../http/errors.ts';

/**
 * The columns a question is stored in: only what its type uses. True/false keeps its answer as two
 * options, True and False, one marked correct, so grading reads every choice type the same way.
 */
export function storedQuestion(fields: QuestionFields) {
  const feedback = fields.feedback === '' ? null : fields.feedback;
  const base = { kind: fields.kind, text: fields.text, points: fields.points, feedback };
  switch (fields.kind) {
    case 'singleChoice':
    case 'multipleChoice':
      return { ...base, options: fields.options as QuestionOption[], acceptedAnswers: [] as string[] };
    case 'trueFalse':
      return {
        ...base,
        options: [
          { text: 'True', correct: fields.answer === true },
          { text: 'False', correct: fields.answer === false },
        ],
        acceptedAnswers: [] as string[],
      };
    case 'shortAnswer':
      return { ...base, options: [] as QuestionOption[], acceptedAnswers: fields.acceptedAnswers };
  }
}

/**
 * Locks the quiz for the rest of the transaction, so two writes adding questions at once number
 * them one after the other, and answers where the next question goes and how many there are.
 * 422 under quizId when the quiz does not exist (it is named in the body, not the path).
 */
export async function lockQuiz(tx: Transaction, quizId: string): Promise<{ next: number; count: number }> {
  const [quiz] = await queryRows<{ id: string }>(
    tx as never,
    sql`select id from quizzes where id = ${quizId} for update`,
  );
  if (!quiz) throw new ApiError(422, messages.validationFailed, { quizId: m.quizNotFound });
  const [row] = await queryRows<{ next: number; count: number }>(
    tx as never,
    sql`select coalesce(max(position), 0)::int + 1 as next, count(*)::int as count
        from quiz_questions where quiz_id = ${quizId}`,
  );
  return { next: Number(row?.next ?? 1), count: Number(row?.count ?? 0) };
}

/** A quiz may hold at most QUIZ_MAX_QUESTIONS questions. */
export function checkRoom(count: number, adding: number, field = 'quizId') {
  if (count + adding > QUIZ_MAX_QUESTIONS)
    throw new ApiError(422, messages.validationFailed, { [field]: m.tooManyQuestions });
}
