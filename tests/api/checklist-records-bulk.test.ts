import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BulkSignOffResult,
  type ChecklistObserver,
  checklistRecordMessages as m,
  checklistRecordPaths as p,
} from '../../contract/checklists/records.ts';
import { messages } from '../../contract/messages.ts';
import { queryRows } from '../../server/db/rows.ts';
import { checklistRoleUser } from './checklist-fixtures.ts';
import {
  checklistWorld,
  completionCount,
  newChecklist,
  record,
  recordsOf,
  type World,
} from './checklist-records-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { newLearner } from './learning-fixtures.ts';

let t: TestContext;
let w: World;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  w = await checklistWorld(t, ['leadSignOff', 'rating', 'observerSignOff']);
  admin = await t.login(demo.admin.email, demo.admin.password);
});
afterAll(() => t.close());

/** A second and third member of the lead's team holding the checklist through the same course. */
async function moreMembers(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const member = await newLearner(t);
    await t.db.execute(sql`insert into team_members (team_id, user_id) values (${w.teamId}, ${member.id})`);
    await t.db.execute(
      sql`insert into course_permission_subjects (course_id, user_id) values (${w.courseId}, ${member.id})`,
    );
    ids.push(member.id);
  }
  return ids;
}

const bulk = (token: string, body: Record<string, unknown>) => t.call('POST', p.bulkSignOff, { token, body });

describe('POST /checklist/record/bulk', () => {
  it('signs off one item for several members, leaving a member done already as they stand', async () => {
    const [second, third] = await moreMembers(2);
    const done = await record(t, w.lead.token, {
      learnerId: second,
      activityId: w.item('leadSignOff'),
      action: 'done',
    });
    const learnerIds = [w.learner.id, second, third] as string[];
    const recordIds = learnerIds.map(() => randomUUID());
    const response = await bulk(w.lead.token, {
      activityId: w.item('leadSignOff'),
      learnerIds,
      recordIds,
      note: 'Watched all three',
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.message).toBe(m.bulkSignedOff);
    expect((response.body.results as BulkSignOffResult).records).toEqual([
      { learnerId: w.learner.id, recordId: recordIds[0], state: 'done' },
      { learnerId: second, recordId: done.body.results.record._id, state: 'done' },
      { learnerId: third, recordId: recordIds[2], state: 'done' },
    ]);
    for (const id of learnerIds) {
      const rows = (await recordsOf(t, id)).filter((row) => row.activityId === w.item('leadSignOff'));
      expect(rows.map((row) => [row.action, row.actorRole, row.withdrawnAt])).toEqual([
        ['done', 'lead', null],
      ]);
    }
    expect((await recordsOf(t, w.learner.id))[0]?.note).toBe('Watched all three');
    // Sent again, it counts once.
    const again = await bulk(w.lead.token, { activityId: w.item('leadSignOff'), learnerIds, recordIds });
    expect(again.status).toBe(200);
    expect((await recordsOf(t, third as string)).length).toBe(1);
  });

  it('refuses the whole request when one member is not in a team the caller leads, and writes nothing', async () => {
    const before = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from checklist_records`,
    );
    const response = await bulk(w.lead.token, {
      activityId: w.item('rating'),
      learnerIds: [w.learner.id, w.stranger.id],
      recordIds: [randomUUID(), randomUUID()],
    });
    expect([response.status, response.body.message]).toEqual([403, m.notLead]);
    const observerItem = await bulk(w.lead.token, {
      activityId: w.item('observerSignOff'),
      learnerIds: [w.learner.id],
      recordIds: [randomUUID()],
    });
    expect([observerItem.status, observerItem.body.message]).toEqual([403, m.notObserver]);
    const invalid = await bulk(w.lead.token, {
      activityId: w.item('rating'),
      learnerIds: [],
      recordIds: [randomUUID()],
    });
    expect([invalid.status, invalid.body.errors]).toEqual([
      422,
      { learnerIds: m.learnersRequired, recordIds: m.recordIdInvalid },
    ]);
    const after = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from checklist_records`);
    expect(after).toEqual(before);
  });

  it('completes the course of each member whose last item it signs off', async () => {
    const [member] = await moreMembers(1);
    const checklist = await newChecklist(t, [{ type: 'leadSignOff' }]);
    const course = await t.db.execute(
      sql`insert into courses (name, permission) values ('Bulk course', 'user') returning id`,
    );
    const courseId = (course as unknown as { rows: { id: string }[] }).rows[0]?.id as string;
    await t.db.execute(
      sql`insert into course_permission_subjects (course_id, user_id) values (${courseId}, ${member})`,
    );
    await t.db.execute(
      sql`insert into course_outline_items (course_id, position, checklist_id) values (${courseId}, 1, ${checklist.id})`,
    );
    const response = await bulk(w.lead.token, {
      activityId: checklist.activities[0],
      learnerIds: [member],
      recordIds: [randomUUID()],
    });
    expect(response.status, response.text).toBe(200);
    expect(await completionCount(t, member as string, courseId)).toBe(1);
  });
});

describe('GET/PUT /checklist/{id}/observer', () => {
  it('names existing users as observers with the edit right, and reads them with the view right', async () => {
    const checklist = await newChecklist(t, [{ type: 'observerSignOff' }]);
    const response = await t.call('PUT', p.observers(checklist.id), {
      token: admin,
      body: { userIds: [w.observer.id, w.lead.id, w.observer.id] },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.message).toBe(m.observersSaved);
    const expected: ChecklistObserver[] = [
      { _id: w.lead.id, name: 'Leo Tester', email: expect.any(String) },
      { _id: w.observer.id, name: 'Oscar Tester', email: expect.any(String) },
    ];
    expect(response.body.results).toEqual(expected);
    const viewer = await checklistRoleUser(t, admin, { view: true });
    const read = await t.call('GET', p.observers(checklist.id), { token: viewer });
    expect([read.status, read.body.results]).toEqual([200, expected]);
    const refused = await t.call('PUT', p.observers(checklist.id), { token: viewer, body: { userIds: [] } });
    expect([refused.status, refused.body.message]).toEqual([403, messages.forbidden]);

    const unknown = await t.call('PUT', p.observers(checklist.id), {
      token: admin,
      body: { userIds: [w.observer.id, randomUUID()] },
    });
    expect([unknown.status, unknown.body.errors]).toEqual([422, { userIds: m.observersInvalid }]);
    expect((await t.call('GET', p.observers(checklist.id), { token: admin })).body.results).toEqual(expected);
    const missing = await t.call('PUT', p.observers(randomUUID()), { token: admin, body: { userIds: [] } });
    expect(missing.status).toBe(404);

    const cleared = await t.call('PUT', p.observers(checklist.id), { token: admin, body: { userIds: [] } });
    expect(cleared.body.results).toEqual([]);
  });

  it('offers enabled users by name to those who may edit checklists, and to no one else', async () => {
    const editor = await checklistRoleUser(t, admin, { view: true, edit: true });
    const found = await t.call('GET', `${p.observerOptions}?search=Oscar`, { token: editor });
    expect(found.status, found.text).toBe(200);
    expect(found.body.results.data).toContainEqual({ _id: w.observer.id, name: 'Oscar Tester' });
    expect(found.body.results.data.every((user: { name: string }) => user.name.includes('Oscar'))).toBe(true);
    const viewer = await checklistRoleUser(t, admin, { view: true });
    const refused = await t.call('GET', p.observerOptions, { token: viewer });
    expect([refused.status, refused.body.message]).toEqual([403, messages.forbidden]);
  });
});
