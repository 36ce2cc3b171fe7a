import { expect } from 'vitest';
import { type CourseDetail, coursePaths as p } from '../../contract/courses/resource.ts';
import type { RoleModule } from '../../contract/roles.ts';
import { lessons } from '../../server/db/schema/lessons.ts';
import type { TestContext } from './helpers.ts';
import { uniqueEmail } from './route-samples.ts';

/** A category for test courses, made through the API; answers its id. */
export async function createCategory(
  t: TestContext,
  token: string,
  name: string,
  parentId: string | null = null,
) {
  const response = await t.call('POST', '/course-category', { token, body: { name, parentId } });
  expect(response.status, response.text).toBe(201);
  return response.body.results._id as string;
}

/** A new course; answers the detail. */
export async function createCourse(t: TestContext, token: string, body: Record<string, unknown>) {
  const response = await t.call('POST', p.list, { token, body: { permission: 'none', ...body } });
  expect(response.status, response.text).toBe(201);
  return response.body.results as CourseDetail;
}

/** A lesson written straight into its table (the outline only needs it to exist); answers its id. */
export async function createLesson(t: TestContext, name: string) {
  const [row] = await t.db.insert(lessons).values({ name }).returning({ id: lessons.id });
  if (!row) throw new Error('Inserting a lesson returned nothing');
  return row.id;
}
/** A quiz made through its own API; answers its id. */
export async function createQuizId(t: TestContext, token: string, name: string) {
  const response = await t.call('POST', '/quiz', { token, body: { name } });
  expect(response.status, response.text).toBe(201);
  return response.body.results._id as string;
}

type Grants = Partial<Record<'view' | 'add' | 'edit' | 'delete' | 'publish', boolean>>;

/** A signed-in user whose role grants `grants` on courses only, or on course categories only when `elsewhere`. */
export function courseRoleUser(t: TestContext, admin: string, grants: Grants, elsewhere = false) {
  return contentRoleUser(t, admin, elsewhere ? 'course-category' : 'courses', grants);
}

/** A signed-in user whose role grants `grants` on one submodule of Content Management only. */
export async function contentRoleUser(t: TestContext, admin: string, slug: string, grants: Grants) {
  const modules = (await t.call('GET', '/administrator-role/module-submodule', { token: admin })).body
    .results as RoleModule[];
  const submodule = modules
    .find((module) => module.slug === 'content-management')
    ?.submodules.find((entry) => entry.slug === slug);
  if (!submodule) throw new Error(`No submodule ${slug}`);
  const role = await t.call('POST', '/administrator-role', {
    token: admin,
    body: {
      name: `Course role ${uniqueEmail()}`,
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
  await t.createUser({ email, password: 'course-pass-1', administrativeRoleId: role.body.results._id });
  return t.login(email, 'course-pass-1');
}
