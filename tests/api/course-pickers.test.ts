import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coursePaths } from '../../contract/courses/resource.ts';
import { learningPaths } from '../../contract/learning/resource.ts';
import { courses } from '../../server/db/schema/courses.ts';
import type { TestContext } from './helpers.ts';
import { ALL_ACTIONS, type Personas } from './personas.ts';
import { openRouteTest } from './route-samples.ts';

/**
 * GET /course/info is declared for any signed-in caller (the authorization matrix lets everyone
 * through); what it answers depends on who asks: every enabled course to those who may assign or
 * manage courses, and the courses a caller may take to anyone else.
 */

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
});
