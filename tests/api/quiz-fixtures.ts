import { expect } from 'vitest';
import { quizPaths as p, type QuizDetail } from '../../contract/quizzes/resource.ts';
import type { RoleModule } from '../../contract/roles.ts';
import type { TestContext } from './helpers.ts';
import { uniqueEmail } from './route-samples.ts';

/** A new quiz with the given settings; answers the detail. */
export async function createQuiz(t: TestContext, token: string, body: Record<string, unknown>) {
  const response = await t.call('POST', p.list, { token, body });
  expect(response.status, response.text).toBe(201);
  return response.body.results as QuizDetail;
}

export async function readQuiz(t: TestContext, token: string, id: string) {
  const response = await t.call('GET', p.one(id), { token });
  expect(response.status, response.text).toBe(200);
  return response.body.results as QuizDetail;
}

/**
 * A signed-in user whose administrator role grants `grants` on the quizzes submodule only, or on
 * course categories only when `elsewhere` is set (a role with rights, but not to quizzes).
 */
export async function quizRoleUser(
  t: TestContext,
  admin: string,
  grants: Partial<Record<'view' | 'add' | 'edit' | 'delete' | 'publish', boolean>>,
  elsewhere = false,
) {
  const modules = (await t.call('GET', '/administrator-role/module-submodule', { token: admin })).body
    .results as RoleModule[];
  const slug = elsewhere ? 'course-category' : 'quizzes';
  const submodule = modules
    .find((module) => module.slug === 'content-management')
    ?.submodules.find((entry) => entry.slug === slug);
  if (!submodule) throw new Error(`No submodule ${slug}`);
  const role = await t.call('POST', '/administrator-role', {
    token: admin,
    body: {
      name: `Quiz role ${uniqueEmail()}`,
      status: true,
      permissions: [
        {
          submoduleId: submodule._id,
          view: false,
          add: false,
          edit: false,
          delete: false,
          publish: false,
          ...grants,
        },
      ],
    },
  });
  expect(role.status, role.text).toBe(201);
  const email = uniqueEmail();
  await t.createUser({ email, password: 'quiz-pass-1', administrativeRoleId: role.body.results._id });
  return t.login(email, 'quiz-pass-1');
}

/** Sends an import as the screen does: multipart with quizId, format and the file. */
export function importFile(
  t: TestContext,
  token: string,
  fields: { quizId?: string; format?: string; text?: string; name?: string; bytes?: Uint8Array<ArrayBuffer> },
) {
  const form = new FormData();
  if (fields.quizId !== undefined) form.set('quizId', fields.quizId);
  if (fields.format !== undefined) form.set('format', fields.format);
  const content =
    fields.bytes ?? (fields.text !== undefined ? new TextEncoder().encode(fields.text) : undefined);
  if (content) form.set('file', new File([content], fields.name ?? 'questions.txt', { type: 'text/plain' }));
  return t.call('POST', '/quiz/question/import', { token, form });
}
