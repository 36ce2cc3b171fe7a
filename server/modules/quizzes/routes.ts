import { vValidator } from '@hono/valibot-validator';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { adminMessages, recordMessage } from '../../../contract/admin-list.ts';
import type { ApiSuccess, Paged } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { quizListQuery } from '../../../contract/quizzes/list-query.ts';
import {
  quizMessages as m,
  quizPaths as paths,
  type QuizDetail,
  type QuizRow,
  quizResource as resource,
} from '../../../contract/quizzes/resource.ts';
import { quizSchema, quizUpdateSchema } from '../../../contract/quizzes/schemas.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { quizQuestions, quizzes } from '../../db/schema/quizzes.ts';
import { staleAnswer, versionedUpdate } from '../../db/versioned-update.ts';
import { allow, permission } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { ApiError, foundOr404 } from '../../http/errors.ts';
import { pathId, UUID_PARAM } from '../../http/path-id.ts';
import { adminStatusRoutes } from '../../http/status-routes.ts';
import { validationHook } from '../../http/validate.ts';
import { quizDetail, quizzesList, quizzesRow } from './queries.ts';
import { questionRoutes } from './question-routes.ts';

const requireQuiz = (db: Database, id: string) => foundOr404(quizDetail(db, id));

const COPY_SUFFIX = ' (copy)';

/**
 * A copy of a quiz: its settings and questions in the same order, named '<name> (copy)' (cut to
 * fit the name's 200 characters). The copy starts unpublished, so it is not put in an outline
 * before it is reviewed.
 */
async function duplicateQuiz(tx: Transaction, sourceId: string): Promise<string> {
  const [source] = await tx.select().from(quizzes).where(eq(quizzes.id, sourceId)).limit(1);
  if (!source) throw new ApiError(404, messages.notFound);
  const [copy] = await tx
    .insert(quizzes)
    .values({
      name: `${source.name.slice(0, 200 - COPY_SUFFIX.length)}${COPY_SUFFIX}`,
      description: source.description,
      status: false,
      passMark: source.passMark,
      attemptsAllowed: source.attemptsAllowed,
      timeLimitMinutes: source.timeLimitMinutes,
      shuffleQuestions: source.shuffleQuestions,
      review: source.review,
    })
    .returning({ id: quizzes.id });
  if (!copy) throw new Error('Inserting a quiz returned nothing');
  const questions = await tx.select().from(quizQuestions).where(eq(quizQuestions.quizId, sourceId));
  if (questions.length > 0) {
    await tx.insert(quizQuestions).values(
      questions.map((question) => ({
        quizId: copy.id,
        position: question.position,
        kind: question.kind,
        text: question.text,
        points: question.points,
        feedback: question.feedback,
        options: question.options,
        acceptedAnswers: question.acceptedAnswers,
      })),
    );
  }
  return copy.id;
}

/** The Quizzes screens: the list, a quiz's settings, its copy, its status routes and its questions. */
export function quizRoutes({ db }: AppDeps) {
  const can = (action: 'view' | 'add' | 'edit') =>
    allow(db, permission(resource.module, resource.submodule, action));
  const byId = `${paths.one(':id')}${UUID_PARAM}`;

  return new Hono<AppEnv>()
    .get(paths.list, can('view'), vValidator('query', quizListQuery, validationHook), async (c) =>
      c.json({
        message: messages.listFetched,
        results: await quizzesList(db, c.req.valid('query')),
      } satisfies ApiSuccess<Paged<QuizRow>>),
    )
    .route('/', questionRoutes(db))
    .get(byId, can('view'), async (c) =>
      c.json({
        message: adminMessages.fetched,
        results: await requireQuiz(db, pathId(c.req.param('id'))),
      } satisfies ApiSuccess<QuizDetail>),
    )
    .post(paths.list, can('add'), vValidator('json', quizSchema, validationHook), async (c) => {
      const [created] = await db.insert(quizzes).values(c.req.valid('json')).returning({ id: quizzes.id });
      if (!created) throw new Error('Inserting a quiz returned nothing');
      const results = await requireQuiz(db, created.id);
      return c.json(
        {
          message: recordMessage(resource, results.name, 'created'),
          results,
        } satisfies ApiSuccess<QuizDetail>,
        201,
      );
    })
    .patch(byId, can('edit'), vValidator('json', quizUpdateSchema, validationHook), async (c) => {
      const id = pathId(c.req.param('id'));
      const { version, ...values } = c.req.valid('json');
      const written = await versionedUpdate(db, quizzes, id, version, values);
      const results = await requireQuiz(db, id);
      if (!written) return c.json(staleAnswer(results), 409);
      return c.json({
        message: recordMessage(resource, results.name, 'updated'),
        results,
      } satisfies ApiSuccess<QuizDetail>);
    })
    .post(`${paths.duplicate(':id')}${UUID_PARAM}`, can('add'), async (c) => {
      const sourceId = pathId(c.req.param('id'));
      const id = await db.transaction((tx) => duplicateQuiz(tx, sourceId));
      const results = await requireQuiz(db, id);
      return c.json({ message: m.duplicated, results } satisfies ApiSuccess<QuizDetail>, 201);
    })
    .route('/', adminStatusRoutes(db, { resource, table: quizzes, row: (id) => quizzesRow(db, id) }));
}
