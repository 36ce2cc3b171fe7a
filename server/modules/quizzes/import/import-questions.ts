import * as v from 'valibot';
import { messages } from '../../../../contract/messages.ts';
import {
  type ImportFormat,
  type ImportLine,
  quizMessages as m,
  type QuizImportReport,
} from '../../../../contract/quizzes/resource.ts';
import { questionFieldsSchema } from '../../../../contract/quizzes/schemas.ts';
import type { Database } from '../../../db/client.ts';
import { quizQuestions } from '../../../db/schema/quizzes.ts';
import { ApiError } from '../../../http/errors.ts';
import { checkRoom, lockQuiz, storedQuestion } from '../question-values.ts';
import { parseAiken } from './aiken.ts';
import { CsvHeaderError, parseQuizCsv } from './csv.ts';
import { parseGift } from './gift.ts';
import type { ParsedQuestion } from './parsed.ts';

/** A file that yields nothing importable: 422 with the report, so the screen can show every reason. */
export class NothingImportable extends Error {
  constructor(
    readonly report: QuizImportReport,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const readers: Record<ImportFormat, (source: string) => ParsedQuestion[]> = {
  gift: parseGift,
  aiken: parseAiken,
  csv: parseQuizCsv,
};

/** The first message the form's schema gives, with the field it is under: 'options: Add at least two options.' */
function firstProblem(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return messages.validationFailed;
  const path = v.getDotPath(issue);
  return path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * POST /quiz/question/import. Every question of the file is checked with the question form's own
 * schema; the valid ones are added at the end of the quiz in one transaction (all or none, should
 * the write fail), the others are reported with their line and reason. A file with no question
 * that can be imported (unreadable, or every question refused) is refused whole and writes nothing.
 */
export async function importQuestions(
  db: Database,
  quizId: string,
  format: ImportFormat,
  source: string,
): Promise<QuizImportReport> {
  let parsed: ParsedQuestion[];
  try {
    parsed = readers[format](source);
  } catch (error) {
    if (error instanceof CsvHeaderError)
      throw new NothingImportable({ format, imported: 0, skipped: 0, questions: [] }, error.message);
    throw error;
  }
  const lines: ImportLine[] = [];
  const accepted: ReturnType<typeof storedQuestion>[] = [];
  for (const question of parsed) {
    const { line, title } = question;
    if (question.reason !== undefined) {
      lines.push({ line, title, imported: false, reason: question.reason });
      continue;
    }
    const result = v.safeParse(questionFieldsSchema, question.fields);
    if (!result.success) {
      lines.push({ line, title, imported: false, reason: firstProblem(result.issues) });
      continue;
    }
    accepted.push(storedQuestion(result.output));
    lines.push({ line, title, imported: true });
  }
  const report: QuizImportReport = {
    format,
    imported: accepted.length,
    skipped: lines.length - accepted.length,
    questions: lines,
  };
  if (accepted.length === 0) throw new NothingImportable(report, m.nothingImportable);

  await db.transaction(async (tx) => {
    const { next, count } = await lockQuiz(tx, quizId);
    checkRoom(count, accepted.length, 'file');
    // In slices, so a large file stays within the drivers' parameter limits.
    for (let start = 0; start < accepted.length; start += 200) {
      await tx.insert(quizQuestions).values(
        accepted.slice(start, start + 200).map((values, index) => ({
          ...values,
          quizId,
          position: next + start + index,
        })),
      );
    }
  });
  return report;
}

/** The file as text: 413 past the cap, 422 when it is not UTF-8. */
export async function fileText(file: File, maxBytes: number): Promise<string> {
  if (file.size > maxBytes) throw new ApiError(413, m.fileTooLarge);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new ApiError(422, messages.validationFailed, { file: m.fileNotText });
  }
}
