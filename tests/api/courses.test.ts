import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CourseRow,
  courseMessages as m,
  type OutlineItem,
  coursePaths as p,
} from '../../contract/courses/resource.ts';
import { messages } from '../../contract/messages.ts';
import { coursePermissionSubjects, courses } from '../../server/db/schema/courses.ts';
import { membershipLevels } from '../../server/db/schema/lookups.ts';
import { userGroups } from '../../server/db/schema/user-groups.ts';
import {
  courseRoleUser,
  createCategory,
  createCourse,
  createLesson,
  createQuizId,
} from './course-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { uniqueEmail } from './route-samples.ts';

// What is special to courses; the shared list, status, bulk, 404, 409 and 422 behaviour is in
// conformance.test.ts.

let t: TestContext;
let admin: string;
let parent: string;
let child: string;
const run = Date.now().toString(36);
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  parent = await createCategory(t, admin, `Parent ${run}`);
  child = await createCategory(t, admin, `Child ${run}`, parent);
});
afterAll(() => t.close());

const refusal = async (body: Record<string, unknown>, method = 'POST', path: string = p.list) => {
  const before = await t.db.$count(courses);
  const response = await t.call(method, path, { token: admin, body });
  expect(response.status, response.text).toBe(422);
  expect(response.body.message).toBe(messages.validationFailed);
  expect(await t.db.$count(courses)).toBe(before);
  return response.body.errors as Record<string, string>;
};

describe('the course form', () => {
  it('answers each missing field with the spec message', async () => {
    expect(await refusal({})).toEqual({
      name: m.nameRequired,
      courseCategoryId: m.categoryRequired,
      permission: m.permissionRequired,
    });
    expect(await refusal({ name: ' ', courseCategoryId: 'nope', permission: 'everyone' })).toEqual({
      name: m.nameRequired,
      courseCategoryId: m.categoryRequired,
      permission: m.permissionRequired,
    });
  });

  it('takes links in pairs, each an http(s) address', async () => {
    const base = { name: `Links ${run}`, courseCategoryId: child, permission: 'none' };
    expect(await refusal({ ...base, externalTitle: 'Handbook' })).toEqual({
      externalLink: m.externalLinkRequired,
    });
    expect(await refusal({ ...base, externalLink: 'https://example.com/a' })).toEqual({
      externalTitle: m.externalTitleRequired,
    });
    expect(await refusal({ ...base, additionalExternalLinkTitle: 'More' })).toEqual({
      additionalExternalLink: m.additionalLinkRequired,
    });
    expect(await refusal({ ...base, additionalExternalLink: 'http://example.com/b' })).toEqual({
      additionalExternalLinkTitle: m.additionalTitleRequired,
    });
    const bad = await refusal({ ...base, externalLink: 'javascript:alert(1)', externalTitle: 'X' });
    expect(bad.externalLink).toBe(m.linkInvalid);
    const created = await createCourse(t, admin, {
      ...base,
      externalLink: ' https://example.com/a ',
      externalTitle: 'Handbook',
      additionalExternalLink: 'http://example.com/b',
      additionalExternalLinkTitle: 'More',
    });
    expect(created).toMatchObject({
      name: `Links ${run}`,
      externalLink: 'https://example.com/a',
      externalTitle: 'Handbook',
      additionalExternalLink: 'http://example.com/b',
      additionalExternalLinkTitle: 'More',
      categoryId: child,
      categoryPath: `Parent ${run} / Child ${run}`,
      permission: 'none',
      permissionIds: [],
      outlineCount: 0,
      status: true,
      version: 1,
    });
  });

  it('refuses an unknown category and unknown or missing subjects of the permission', async () => {
    const base = { name: `Scoped ${run}`, courseCategoryId: child };
    expect(await refusal({ ...base, courseCategoryId: MISSING, permission: 'none' })).toEqual({
      courseCategoryId: m.categoryNotFound,
    });
    expect(await refusal({ ...base, permission: 'user' })).toEqual({ permissionIds: m.usersRequired });
    expect(await refusal({ ...base, permission: 'group', permissionIds: [] })).toEqual({
      permissionIds: m.groupsRequired,
    });
    expect(await refusal({ ...base, permission: 'membership' })).toEqual({ permissionIds: m.levelsRequired });
    expect(await refusal({ ...base, permission: 'user', permissionIds: [MISSING] })).toEqual({
      permissionIds: m.usersNotFound,
    });
    expect(await refusal({ ...base, permission: 'group', permissionIds: [MISSING] })).toEqual({
      permissionIds: m.groupsNotFound,
    });
    expect(await refusal({ ...base, permission: 'membership', permissionIds: [MISSING] })).toEqual({
      permissionIds: m.levelsNotFound,
    });
    expect(await refusal({ ...base, permission: 'user', permissionIds: ['x'] })).toEqual({
      'permissionIds.0': m.subjectsInvalid,
    });
  });

  it('keeps the subjects the permission names, and answers them with names', async () => {
    const user = await t.createUser({
      email: uniqueEmail(),
      password: 'course-pass-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const course = await createCourse(t, admin, {
      name: `Users ${run}`,
      courseCategoryId: child,
      permission: 'user',
      permissionIds: [user.id, user.id],
    });
    expect(course.permissionIds).toEqual([user.id]);
    const scope = await t.call('GET', p.permission(course._id), { token: admin });
    expect(scope.status).toBe(200);
    expect(scope.body.results).toEqual({
      permission: 'user',
      permissionIds: [{ _id: user.id, name: 'Ada Lovelace' }],
    });

    const [group] = await t.db.select().from(userGroups).limit(1);
    const levels = await t.db.select().from(membershipLevels).limit(2);
    const toGroup = await t.call('PATCH', p.one(course._id), {
      token: admin,
      body: {
        name: `Users ${run}`,
        courseCategoryId: child,
        permission: 'group',
        permissionIds: [group?.id],
        version: 1,
      },
    });
    expect(toGroup.status, toGroup.text).toBe(200);
    expect(toGroup.body).toMatchObject({
      message: `Course 'Users ${run}' updated.`,
      results: { permission: 'group', permissionIds: [group?.id], version: 2 },
    });
    const toLevels = await t.call('PATCH', p.one(course._id), {
      token: admin,
      body: {
        name: `Users ${run}`,
        courseCategoryId: child,
        permission: 'membership',
        permissionIds: levels.map((l) => l.id),
        version: 2,
      },
    });
    expect(toLevels.status, toLevels.text).toBe(200);
    const scoped = await t.call('GET', p.permission(course._id), { token: admin });
    expect(scoped.body.results.permissionIds.map((s: { name: string }) => s.name).sort()).toEqual(
      levels.map((l) => l.name).sort(),
    );
    // Back to everyone: the subjects go.
    const open = await t.call('PATCH', p.one(course._id), {
      token: admin,
      body: {
        name: `Users ${run}`,
        courseCategoryId: child,
        permission: 'none',
        permissionIds: [MISSING],
        version: 3,
      },
    });
    expect(open.status, open.text).toBe(200);
    expect(open.body.results.permissionIds).toEqual([]);
    expect(
      await t.db.$count(coursePermissionSubjects, eq(coursePermissionSubjects.courseId, course._id)),
    ).toBe(0);
    // A stale version changes nothing.
    const stale = await t.call('PATCH', p.one(course._id), {
      token: admin,
      body: { name: 'Stale', courseCategoryId: child, permission: 'none', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.results).toMatchObject({ name: `Users ${run}`, version: 4 });
    expect((await t.call('GET', p.permission(MISSING), { token: admin })).status).toBe(404);
    const picker = await t.call('GET', `${p.userOptions}?search=lovelace`, { token: admin });
    expect(picker.status).toBe(200);
    expect(picker.body.results.data).toEqual([{ _id: user.id, name: 'Ada Lovelace' }]);
  });
});

describe('the course list', () => {
  it('filters by a category with its subcategories and shows path, outline count and permission', async () => {
    const top = await createCourse(t, admin, { name: `Filed top ${run}`, courseCategoryId: parent });
    const below = await createCourse(t, admin, { name: `Filed below ${run}`, courseCategoryId: child });
    const list = async (query: string) => {
      const response = await t.call('GET', `${p.list}?search=Filed&${query}`, { token: admin });
      expect(response.status).toBe(200);
      return (response.body.results.data as CourseRow[]).map((row) => row.name);
    };
    expect(await list(`courseCategoryInfo=${parent}`)).toEqual([`Filed below ${run}`, `Filed top ${run}`]);
    expect(await list(`courseCategoryInfo=${child}`)).toEqual([`Filed below ${run}`]);
    expect(await list(`courseCategoryInfo=${MISSING}`)).toEqual([]);
    // A malformed category id is no filter.
    expect((await list('courseCategoryInfo=oops')).length).toBeGreaterThanOrEqual(2);
    await t.call('POST', p.one(top._id), { token: admin });
    expect(await list(`courseCategoryInfo=${parent}&status=true`)).toEqual([`Filed below ${run}`]);
    expect(await list(`courseCategoryInfo=${parent}&status=false`)).toEqual([`Filed top ${run}`]);
    const row = (
      await t.call('GET', `${p.list}?search=${encodeURIComponent(`Filed below ${run}`)}`, { token: admin })
    ).body.results.data[0];
    expect(row).toMatchObject({
      _id: below._id,
      categoryPath: `Parent ${run} / Child ${run}`,
      outlineCount: 0,
      permission: 'none',
    });
  });

  it('files the seeded courses under categories, with outlines', async () => {
    const seeded = await t.call('GET', `${p.list}?search=First%20Aid%20Basics`, { token: admin });
    expect(seeded.body.results.data).toEqual([
      expect.objectContaining({ name: 'First Aid Basics', categoryPath: 'Safety / First Aid' }),
    ]);
    const all = await t.db.select({ categoryId: courses.categoryId }).from(courses);
    expect(all.every((row) => row.categoryId !== null)).toBe(true);
  });
});

describe('the outline', () => {
  it('adds existing lessons and quizzes, reorders, removes one, and refuses what does not fit', async () => {
    const course = await createCourse(t, admin, { name: `Outline ${run}`, courseCategoryId: child });
    const [a, b] = [await createLesson(t, `Lesson A ${run}`), await createLesson(t, `Lesson B ${run}`)];
    const quiz = await createQuizId(t, admin, `Quiz ${run}`);
    const outline = () => t.call('GET', p.outline(course._id), { token: admin });
    expect((await outline()).body.results).toEqual([]);

    const added = await t.call('POST', p.outline(course._id), {
      token: admin,
      body: { lessonIds: [a, b, a], quizIds: [quiz] },
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.message).toBe(m.outlineAdded);
    expect(added.body.results).toEqual([
      { kind: 'lesson', id: a, name: `Lesson A ${run}`, status: true },
      { kind: 'lesson', id: b, name: `Lesson B ${run}`, status: true },
      { kind: 'quiz', id: quiz, name: `Quiz ${run}`, status: true },
    ]);
    // Adding what is already there changes nothing.
    const again = await t.call('POST', p.outline(course._id), { token: admin, body: { lessonIds: [b] } });
    expect((again.body.results as OutlineItem[]).map((i) => i.id)).toEqual([a, b, quiz]);

    const refused = async (path: string, body: unknown, field: string, message: string) => {
      const response = await t.call('POST', path, { token: admin, body });
      expect(response.status, response.text).toBe(422);
      expect(response.body.errors[field]).toBe(message);
    };
    await refused(p.outline(course._id), {}, 'lessonIds', m.itemsRequired);
    await refused(p.outline(course._id), { lessonIds: [MISSING] }, 'lessonIds', m.lessonsNotFound);
    await refused(p.outline(course._id), { quizIds: [MISSING] }, 'quizIds', m.quizzesNotFound);
    await refused(p.outlineOrder(course._id), { itemIds: [a, b] }, 'itemIds', m.orderMismatch);
    await refused(p.outlineOrder(course._id), { itemIds: [a, b, b] }, 'itemIds', m.orderMismatch);
    await refused(p.outlineOrder(course._id), { itemIds: [a, b, MISSING] }, 'itemIds', m.orderMismatch);
    expect((await outline()).body.results.map((i: OutlineItem) => i.id)).toEqual([a, b, quiz]);

    const ordered = await t.call('POST', p.outlineOrder(course._id), {
      token: admin,
      body: { itemIds: [quiz, a, b] },
    });
    expect(ordered.status, ordered.text).toBe(200);
    expect(ordered.body.message).toBe(m.outlineOrdered);
    expect((await outline()).body.results.map((i: OutlineItem) => i.id)).toEqual([quiz, a, b]);

    const removed = await t.call('DELETE', p.outlineItem(course._id, a), { token: admin });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.results.map((i: OutlineItem) => i.id)).toEqual([quiz, b]);
    const gone = await t.call('DELETE', p.outlineItem(course._id, a), { token: admin });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(m.itemNotInOutline);
    expect((await t.call('GET', p.outline(MISSING), { token: admin })).status).toBe(404);
    const row = (await t.call('GET', p.one(course._id), { token: admin })).body.results;
    expect(row.outlineCount).toBe(2);
  });
});

describe('duplicating a course', () => {
  it('copies the fields, permission subjects and outline as "<name> (copy)", disabled', async () => {
    const [group] = await t.db.select().from(userGroups).limit(1);
    const source = await createCourse(t, admin, {
      name: `Original ${run}`,
      courseCategoryId: child,
      externalLink: 'https://example.com/x',
      externalTitle: 'X',
      permission: 'group',
      permissionIds: [group?.id],
    });
    const lesson = await createLesson(t, `Copied lesson ${run}`);
    const quiz = await createQuizId(t, admin, `Copied quiz ${run}`);
    await t.call('POST', p.outline(source._id), {
      token: admin,
      body: { lessonIds: [lesson], quizIds: [quiz] },
    });
    await t.call('POST', p.outlineOrder(source._id), { token: admin, body: { itemIds: [quiz, lesson] } });
    const copy = await t.call('POST', p.duplicate(source._id), { token: admin });
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body.message).toBe(m.duplicated);
    expect(copy.body.results).toMatchObject({
      name: `Original ${run} (copy)`,
      categoryId: child,
      externalLink: 'https://example.com/x',
      externalTitle: 'X',
      permission: 'group',
      permissionIds: [group?.id],
      outlineCount: 2,
      status: false,
    });
    expect(copy.body.results._id).not.toBe(source._id);
    const outline = await t.call('GET', p.outline(copy.body.results._id), { token: admin });
    expect(outline.body.results.map((i: OutlineItem) => i.id)).toEqual([quiz, lesson]);
    expect((await t.call('POST', p.duplicate(MISSING), { token: admin })).status).toBe(404);
  });
});

describe('who may see and change courses', () => {
  it('refuses every course route to a role without courses rights, and changes to a viewer', async () => {
    const course = await createCourse(t, admin, { name: `Guarded ${run}`, courseCategoryId: child });
    const lesson = await createLesson(t, `Guarded lesson ${run}`);
    await t.call('POST', p.outline(course._id), { token: admin, body: { lessonIds: [lesson] } });
    const outsider = await courseRoleUser(t, admin, { view: true, add: true, edit: true }, true);
    const viewer = await courseRoleUser(t, admin, { view: true });
    const learner = await t.login(demo.lead.email, demo.lead.password);
    const body = { name: 'Nope', courseCategoryId: child, permission: 'none' };
    const changes: [string, string, unknown][] = [
      ['POST', p.list, body],
      ['PATCH', p.one(course._id), { ...body, version: 1 }],
      ['POST', p.duplicate(course._id), undefined],
      ['POST', p.outline(course._id), { lessonIds: [lesson] }],
      ['POST', p.outlineOrder(course._id), { itemIds: [lesson] }],
      ['DELETE', p.outlineItem(course._id, lesson), undefined],
      ['POST', p.one(course._id), undefined],
    ];
    const reads: [string, string, unknown][] = [
      ['GET', p.list, undefined],
      ['GET', p.one(course._id), undefined],
      ['GET', p.permission(course._id), undefined],
      ['GET', p.outline(course._id), undefined],
      ['GET', p.userOptions, undefined],
    ];
    for (const token of [outsider, learner]) {
      for (const [method, path, sent] of [...reads, ...changes]) {
        const response = await t.call(method, path, { token, body: sent });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.message).toBe(messages.forbidden);
      }
    }
    for (const [method, path] of reads)
      expect((await t.call(method, path, { token: viewer })).status).toBe(200);
    for (const [method, path, sent] of changes)
      expect((await t.call(method, path, { token: viewer, body: sent })).status, `${method} ${path}`).toBe(
        403,
      );
    const after = (await t.call('GET', p.one(course._id), { token: admin })).body.results;
    expect(after).toMatchObject({ name: `Guarded ${run}`, version: 1, outlineCount: 1, status: true });
    expect((await t.call('GET', p.list)).status).toBe(401);
  });
});
