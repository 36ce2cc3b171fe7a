import { expect } from 'vitest';
import { recordMessage } from '../../contract/admin-list.ts';
import {
  type ChecklistActivity,
  type ChecklistDetail,
  checklistPaths as p,
} from '../../contract/checklists/resource.ts';
import type { RoleModule } from '../../contract/roles.ts';
import type { TestContext } from './helpers.ts';
import { uniqueEmail } from './route-samples.ts';

// Checklists made, read and given activities through the API, as the administration does.

export const MISSING = '00000000-0000-4000-8000-000000000000';

export async function createChecklist(t: TestContext, admin: string, title: string, description = '') {
  const response = await t.call('POST', p.list, { token: admin, body: { title, description } });
  expect(response.status, response.text).toBe(201);
  expect(response.body.message).toBe(`Checklist '${title}' created.`);
  return response.body.results as ChecklistDetail;
}
export async function readChecklist(t: TestContext, token: string, id: string) {
  const response = await t.call('GET', p.one(id), { token });
  expect(response.status, response.text).toBe(200);
  return response.body.results as ChecklistDetail;
}
export async function addActivity(
  t: TestContext,
  admin: string,
  checklistId: string,
  body: Record<string, unknown>,
) {
  const response = await t.call('POST', p.activity, { token: admin, body: { checklistId, ...body } });
  expect(response.status, response.text).toBe(201);
  expect(response.body.message).toBe(recordMessage('activity', String(body.title), 'created'));
  return response.body.results as ChecklistActivity;
}
export const titles = (detail: ChecklistDetail) => detail.activities.map((activity) => activity.title);

/** A user whose role grants `grants` on the checklists submodule, or on quizzes only with `elsewhere`. */
export async function checklistRoleUser(
  t: TestContext,
  admin: string,
  grants: Partial<Record<string, boolean>>,
  elsewhere = false,
) {
  const modules = (await t.call('GET', '/administrator-role/module-submodule', { token: admin })).body
    .results as RoleModule[];
  const slug = elsewhere ? 'quizzes' : 'checklists';
  const submodule = modules
    .find((module) => module.slug === 'content-management')
    ?.submodules.find((entry) => entry.slug === slug);
  if (!submodule) throw new Error(`No submodule ${slug}`);
  const none = { view: false, add: false, edit: false, delete: false, publish: false };
  const role = await t.call('POST', '/administrator-role', {
    token: admin,
    body: {
      name: `Checklist role ${uniqueEmail()}`,
      status: true,
      permissions: [{ submoduleId: submodule._id, ...none, ...grants }],
    },
  });
  expect(role.status, role.text).toBe(201);
  const email = uniqueEmail();
  await t.createUser({ email, password: 'checklist-pass-1', administrativeRoleId: role.body.results._id });
  return t.login(email, 'checklist-pass-1');
}
