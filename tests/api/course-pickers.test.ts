import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coursePaths } from '../../contract/courses/resource.ts';
import { learningPaths } from '../../contract/learning/resource.ts';
import { messages } from '../../contract/messages.ts';
import { courses } from '../../server/db/schema/courses.ts';
import { contentRoleUser, courseRoleUser, createCategory, createCourse } from './course-fixtures.ts';
import { demo, type TestContext } from './helpers.ts';
import { ALL_ACTIONS, type Personas } from './personas.ts';
import { openRouteTest, uniqueEmail } from './route-samples.ts';

/**
 * GET /course/info is declared for any signed-in caller (the authorization matrix lets everyone
 * through); what it answers depends on who asks: every enabled course to those who may assign or
 * manage courses, and the courses a caller may take to anyone else.
 */

const run = Date.now().toString(36);
let t: TestContext;
let personas: Personas;
beforeAll(async () => {
  ({ t, personas } = await openRouteTest());
});
afterAll(() => t.close());

/** Ids of every course `path` lists to the caller, page after page. */
async function allIds(token: string, path: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const response = await t.call('GET', `${path}?limit=50&page=${page}`, { token });
    expect(response.status, response.text).toBe(200);
    ids.push(...(response.body.results.data as { _id: string }[]).map((row) => row._id));
    if (page >= response.body.results.totalPages) return ids.sort();
  }
}

describe('the course picker of each caller', () => {
  it('lists every enabled course to the administrator and the lead, and a learner only their catalogue', async () => {
    const enabled = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.status, true)))
      .map((row) => row.id)
      .sort();
    expect(await allIds(personas.tokens.admin, coursePaths.info)).toEqual(enabled);
    expect(await allIds(personas.tokens.lead, coursePaths.info)).toEqual(enabled);

    // An administrator who may neither manage courses, nor assign them, nor manage teams is a
    // learner to this list, as is the plain member.
    const withoutAny = await personas.adminWithout([
      { module: 'content-management', submodule: 'courses', actions: ALL_ACTIONS },
      { module: 'content-management', submodule: 'assignments', actions: ALL_ACTIONS },
      { module: 'user-management', submodule: 'users-team', actions: ALL_ACTIONS },
    ]);
    for (const token of [personas.tokens.learner, withoutAny]) {
      const picked = await allIds(token, coursePaths.info);
      expect(picked).toEqual(await allIds(token, learningPaths.catalogue));
      expect(picked.length).toBeLessThan(enabled.length);
    }
  });

  it('offers in /course/info what each caller may pick: every enabled course to those who assign or manage courses, a learner’s own scope to anyone else', async () => {
    const admin = personas.tokens.admin;
    const category = await createCategory(t, admin, `Info ${run}`);
    const name = (label: string) => `Info ${run} ${label}`;
    const off = await createCourse(t, admin, { name: name('off'), courseCategoryId: category });
    await t.call('POST', coursePaths.one(off._id), { token: admin });
    await createCourse(t, admin, { name: name('open'), courseCategoryId: category });
    const learnerEmail = uniqueEmail();
    const learnerUser = await t.createUser({ email: learnerEmail, password: 'info-pass-1' });
    const learner = await t.login(learnerEmail, 'info-pass-1');
    await createCourse(t, admin, {
      name: name('mine'),
      courseCategoryId: category,
      permission: 'user',
      permissionIds: [learnerUser.id],
    });
    const lead = await t.login(demo.lead.email, demo.lead.password);
    await createCourse(t, admin, {
      name: name('theirs'),
      courseCategoryId: category,
      permission: 'user',
      permissionIds: [(await t.createUser({ email: uniqueEmail(), password: 'info-pass-1' })).id],
    });
    const names = async (token: string) => {
      const response = await t.call(
        'GET',
        `${coursePaths.info}?search=${encodeURIComponent(`Info ${run}`)}&limit=50`,
        {
          token,
        },
      );
      expect(response.status, response.text).toBe(200);
      expect(response.body.message).toBe(messages.listFetched);
      return (response.body.results.data as { name: string }[]).map((row) => row.name).sort();
    };
    const everyEnabled = [name('mine'), name('open'), name('theirs')].sort();
    expect(await names(admin)).toEqual(everyEnabled);
    expect(await names(lead)).toEqual(everyEnabled);
    expect(await names(await courseRoleUser(t, admin, { view: true }))).toEqual(everyEnabled);
    expect(await names(await contentRoleUser(t, admin, 'assignments', { view: true }))).toEqual(everyEnabled);
    // Anyone else: the courses they may take themselves, with the total counting those only.
    expect(await names(learner)).toEqual([name('mine'), name('open')].sort());
    const categoryAdmin = await courseRoleUser(t, admin, { view: true, add: true, edit: true }, true);
    expect(await names(categoryAdmin)).toEqual([name('open')]);
    const page = await t.call(
      'GET',
      `${coursePaths.info}?search=${encodeURIComponent(`Info ${run}`)}&limit=10`,
      {
        token: learner,
      },
    );
    expect(page.body.results).toMatchObject({ total: 2, totalPages: 1 });
    expect((await t.call('GET', coursePaths.info)).status).toBe(401);
  });
});
