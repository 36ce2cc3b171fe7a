import { vValidator } from '@hono/valibot-validator';
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { recordMessage } from '../../../contract/admin-list.ts';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { QUIZ_CSV_TEMPLATE, QUIZ_CSV_TEMPLATE_NAME } from '../../../contract/quizzes/csv-template.ts';
import {
  quizMessages as m,
  quizPaths as paths,
  QUIZ_IMPORT_MAX_BYTES,
  type QuizImportReport,
  type QuizQuestion,
  quizResource as resource,
} from '../../../contract/quizzes/resource.ts';
import {
  questionCreateSchema,
  questionReorderSchema,
  questionUpdateSchema,
  quizImportFieldsSchema,
} from '../../../contract/quizzes/schemas.ts';
import type { Database } from '../../db/client.ts';
import { quizQuestions } from '../../db/schema/quizzes.ts';
import { staleAnswer } from '../../db/versioned-update.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { ApiError, foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { parseOr422, validationHook } from '../../http/validate.ts';
import { fileText, importQuestions, NothingImportable } from './import/import-questions.ts';
import { questionById } from './queries.ts';
import { checkRoom, lockQuiz, storedQuestion } from './question-values.ts';

const requireQuestion = (db: Database, id: string) => foundOr404(questionById(db, id));

/** The questions of a quiz: added, changed, deleted, reordered and imported. All need the quiz edit right. */
export function questionRoutes(db: Database) {
  const can = (action: 'view' | 'edit') => allow(db, permission(resource.module, resource.submodule, action));
  const byId = `${paths.questionOne(':id')}${UUID_PARAM}`;

  return new Hono<AppEnv>()
    .get(
      paths.importTemplate,
      can('view'),
      () =>
        new Response(QUIZ_CSV_TEMPLATE, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="${QUIZ_CSV_TEMPLATE_NAME}"`,
          },
        }),
    )
    .post(
      paths.question,
      can('edit'),
      vValidator('json', questionCreateSchema, validationHook),
      async (c) => {
        const { quizId, ...fields } = c.req.valid('json');
        const id = await db.transaction(async (tx) => {
          const { next, count } = await lockQuiz(tx, quizId);
          checkRoom(count, 1);
          const [created] = await tx
            .insert(quizQuestions)
            .values({ ...storedQuestion(fields), quizId, position: next })
            .returning({ id: quizQuestions.id });
          if (!created) throw new Error('Inserting a question returned nothing');
          return created.id;
        });
        const results = await requireQuestion(db, id);
        return c.json(
          {
            message: recordMessage('question', results.text, 'created'),
            results,
          } satisfies ApiSuccess<QuizQuestion>,
          201,
        );
      },
    )
    .post(
      paths.reorder,
      can('edit'),
      vValidator('json', questionReorderSchema, validationHook),
      async (c) => {
        const { quizId, questionIds } = c.req.valid('json');
        const wanted = questionIds.map((id) => id.toLowerCase());
        await db.transaction(async (tx) => {
          await lockQuiz(tx, quizId);
          const rows = await tx
            .select({ id: quizQuestions.id })
            .from(quizQuestions)
            .where(eq(quizQuestions.quizId, quizId));
          const current = new Set(rows.map((row) => row.id));
          const exact =
            wanted.length === current.size &&
            new Set(wanted).size === wanted.length &&
            wanted.every((id) => current.has(id));
          if (!exact) throw new ApiError(422, messages.validationFailed, { questionIds: m.reorderMismatch });
          if (wanted.length === 0) return;
          const positions = sql.join(
            wanted.map((id, index) => sql`(${id}::uuid, ${index + 1}::int)`),
            sql`, `,
          );
          await tx.execute(
            sql`update quiz_questions set position = moved.position
              from (values ${positions}) as moved(id, position)
              where quiz_questions.id = moved.id and quiz_questions.quiz_id = ${quizId}`,
          );
        });
        return c.json({ message: m.reordered, results: { questionIds: wanted } } satisfies ApiSuccess<{
          questionIds: string[];
        }>);
      },
    )
    .post(paths.import, can('edit'), async (c) => {
      const form = await c.req.formData().catch(() => {
        throw new ApiError(400, messages.malformedForm);
      });
      const file = form.get('file');
      const { quizId, format } = parseOr422(
        quizImportFieldsSchema,
        { quizId: form.get('quizId') ?? undefined, format: form.get('format') ?? undefined },
        file instanceof File && file.size > 0 ? {} : { file: m.fileRequired },
      );
      const source = await fileText(file as File, QUIZ_IMPORT_MAX_BYTES);
      // The quiz is looked for before the file is read, so a wrong id is never reported as a bad file.
      await db.transaction((tx) => lockQuiz(tx, quizId));
      try {
        const results = await importQuestions(db, quizId, format, source);
        return c.json({
          message: m.imported(results.imported, results.skipped),
          results,
        } satisfies ApiSuccess<QuizImportReport>);
      } catch (error) {
        if (!(error instanceof NothingImportable)) throw error;
        return c.json({ message: error.reason, errors: { file: error.reason }, results: error.report }, 422);
      }
    })
    .patch(byId, can('edit'), vValidator('json', questionUpdateSchema, validationHook), async (c) => {
      const id = pathId(c.req.param('id'));
      const { version, ...fields } = c.req.valid('json');
      const written = await db
        .update(quizQuestions)
        .set({
          ...storedQuestion(fields),
          version: sql`${quizQuestions.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(quizQuestions.id, id), eq(quizQuestions.version, version)))
        .returning({ id: quizQuestions.id });
      const results = await requireQuestion(db, id);
      if (written.length === 0) return c.json(staleAnswer(results), 409);
      return c.json({
        message: recordMessage('question', results.text, 'updated'),
        results,
      } satisfies ApiSuccess<QuizQuestion>);
    })
    .delete(byId, can('edit'), async (c) => {
      const id = pathId(c.req.param('id'));
      const deleted = await db
        .delete(quizQuestions)
        .where(eq(quizQuestions.id, id))
        .returning({ id: quizQuestions.id, text: quizQuestions.text });
      const [gone] = deleted;
      if (!gone) throw new ApiError(404, messages.notFound);
      return c.json({
        message: recordMessage('question', gone.text, 'deleted'),
        results: { _id: id },
      } satisfies ApiSuccess<{
        _id: string;
      }>);
    });
}
