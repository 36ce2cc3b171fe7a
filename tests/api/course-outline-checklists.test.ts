import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseMessages as m, type OutlineItem, coursePaths as p } from '../../contract/courses/resource.ts';
import { checklists } from '../../server/db/schema/checklists.ts';
import { courseOutlineItems } from '../../server/db/schema/courses.ts';
import { createChecklist } from './checklist-fixtures.ts';
import { createCategory, createCourse, createLesson } from './course-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

// A checklist is a part of a course's outline beside lessons and quizzes (record 026).

let t: TestContext;
let admin: string;
let category: string;
const run = Date.now().toString(36);
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  category = await createCategory(t, admin, `Outline checklists ${run}`);
});
afterAll(() => t.close());

const ids = (items: OutlineItem[]) => items.map((item) => item.id);
/** A checklist made through its API (unpublished, as new ones are), then published. */
async function publishedChecklist(title: string) {
  const checklist = await createChecklist(t, admin, title);
  await t.db.update(checklists).set({ status: true }).where(eq(checklists.id, checklist._id));
  return checklist;
}

describe('checklists in a course outline', () => {
  it('adds, lists, orders and removes a checklist, marking an unpublished one', async () => {
    const course = await createCourse(t, admin, {
      name: `With checklist ${run}`,
      courseCategoryId: category,
    });
    const lesson = await createLesson(t, `Lesson ${run}`);
    const checklist = await publishedChecklist(`Forklift ${run}`);
    const draft = await createChecklist(t, admin, `Draft ${run}`);

    const added = await t.call('POST', p.outline(course._id), {
      token: admin,
      body: { lessonIds: [lesson], checklistIds: [checklist._id, draft._id, checklist._id] },
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.message).toBe(m.outlineAdded);
    expect(added.body.results).toEqual([
      { kind: 'lesson', id: lesson, name: `Lesson ${run}`, status: true },
      { kind: 'checklist', id: checklist._id, name: `Forklift ${run}`, status: true },
      { kind: 'checklist', id: draft._id, name: `Draft ${run}`, status: false },
    ]);
    const stored = await t.db
      .select({ checklistId: courseOutlineItems.checklistId })
      .from(courseOutlineItems)
      .where(eq(courseOutlineItems.courseId, course._id));
    expect(stored.filter((row) => row.checklistId === checklist._id)).toHaveLength(1);

    // A checklist only: enough on its own; one that does not exist changes nothing.
    const alone = await t.call('POST', p.outline(course._id), {
      token: admin,
      body: { checklistIds: [checklist._id] },
    });
    expect(alone.status, alone.text).toBe(200);
    expect(ids(alone.body.results)).toEqual([lesson, checklist._id, draft._id]);
    const unknown = await t.call('POST', p.outline(course._id), {
      token: admin,
      body: { lessonIds: [lesson], checklistIds: [MISSING] },
    });
    expect(unknown.status, unknown.text).toBe(422);
    expect(unknown.body.errors).toEqual({ checklistIds: m.checklistsNotFound });
    const invalid = await t.call('POST', p.outline(course._id), {
      token: admin,
      body: { checklistIds: ['not-an-id'] },
    });
    expect(invalid.status, invalid.text).toBe(422);
    expect(invalid.body.errors).toEqual({ 'checklistIds.0': m.itemIdsInvalid });

    // The order names the checklists too.
    const partial = await t.call('POST', p.outlineOrder(course._id), {
      token: admin,
      body: { itemIds: [lesson, checklist._id] },
    });
    expect(partial.status, partial.text).toBe(422);
    expect(partial.body.errors).toEqual({ itemIds: m.orderMismatch });
    const ordered = await t.call('POST', p.outlineOrder(course._id), {
      token: admin,
      body: { itemIds: [draft._id, checklist._id, lesson] },
    });
    expect(ordered.status, ordered.text).toBe(200);
    const read = await t.call('GET', p.outline(course._id), { token: admin });
    expect(ids(read.body.results)).toEqual([draft._id, checklist._id, lesson]);
    expect((await t.call('GET', p.one(course._id), { token: admin })).body.results.outlineCount).toBe(3);

    const removed = await t.call('DELETE', p.outlineItem(course._id, draft._id), { token: admin });
    expect(removed.status, removed.text).toBe(200);
    expect(ids(removed.body.results)).toEqual([checklist._id, lesson]);
    const gone = await t.call('DELETE', p.outlineItem(course._id, draft._id), { token: admin });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(m.itemNotInOutline);
  });

  it('copies the checklists of an outline when a course is duplicated', async () => {
    const source = await createCourse(t, admin, { name: `Copied ${run}`, courseCategoryId: category });
    const checklist = await publishedChecklist(`Copied checklist ${run}`);
    const lesson = await createLesson(t, `Copied lesson ${run}`);
    await t.call('POST', p.outline(source._id), {
      token: admin,
      body: { lessonIds: [lesson], checklistIds: [checklist._id] },
    });
    const copy = await t.call('POST', p.duplicate(source._id), { token: admin });
    expect(copy.status, copy.text).toBe(201);
    const outline = await t.call('GET', p.outline(copy.body.results._id), { token: admin });
    expect(outline.body.results).toEqual([
      { kind: 'lesson', id: lesson, name: `Copied lesson ${run}`, status: true },
      { kind: 'checklist', id: checklist._id, name: `Copied checklist ${run}`, status: true },
    ]);
  });
});
