import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChecklistSummary,
  type LearnerChecklist,
  checklistRecordMessages as m,
  type ObservedChecklist,
  checklistRecordPaths as p,
  type TeamChecklistMember,
} from '../../contract/checklists/records.ts';
import { messages } from '../../contract/messages.ts';
import {
  checklistWorld,
  newTeam,
  PNG,
  person,
  record,
  recordForm,
  type World,
} from './checklist-records-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { assign, newCourse, setOutline } from './learning-fixtures.ts';

let t: TestContext;
let w: World;
let signOff: string;
beforeAll(async () => {
  t = await createTestContext();
  w = await checklistWorld(t, ['learnerTick', 'leadSignOff', 'observerSignOff', 'rating']);
  await record(t, w.learner.token, {
    learnerId: w.learner.id,
    activityId: w.item('learnerTick'),
    action: 'done',
  });
  const lead = await recordForm(
    t,
    w.lead.token,
    {
      learnerId: w.learner.id,
      activityId: w.item('leadSignOff'),
      action: 'done',
      note: 'Reversed the forklift safely',
    },
    { name: 'forklift.png', type: 'image/png', bytes: PNG },
  );
  signOff = lead.body.results.record._id;
  await record(t, w.observer.token, {
    learnerId: w.learner.id,
    activityId: w.item('observerSignOff'),
    action: 'notYet',
  });
});
afterAll(() => t.close());

const get = (token: string, path: string) => t.call('GET', path, { token });

describe("the learner's checklists", () => {
  it('lists the checklists held by the courses in their scope, by title, with their figures', async () => {
    const response = await get(w.learner.token, p.mine);
    expect(response.status, response.text).toBe(200);
    expect(response.body.message).toBe(m.fetched);
    const mine = (response.body.results as ChecklistSummary[]).find((one) => one._id === w.checklist.id);
    expect(mine).toEqual({
      _id: w.checklist.id,
      title: w.checklist.title,
      description: 'On the job.',
      done: 2,
      total: 4,
      percent: 50,
      completed: false,
      courses: [{ _id: w.courseId, name: expect.any(String) }],
    });
    const theirs = (await get(w.stranger.token, p.mine)).body.results as ChecklistSummary[];
    expect(theirs.map((one) => one._id)).not.toContain(w.checklist.id);
    const titles = (response.body.results as ChecklistSummary[]).map((one) => one.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });

  it('shows one checklist with each item, who recorded what and when, newest first, and what the learner may record', async () => {
    const response = await get(w.learner.token, p.myChecklist(w.checklist.id));
    expect(response.status, response.text).toBe(200);
    const checklist = response.body.results as LearnerChecklist;
    expect(checklist.learner).toEqual({ _id: w.learner.id, name: 'Lena Tester' });
    expect(checklist.items.map((item) => [item.type, item.state, item.canRecord])).toEqual([
      ['learnerTick', 'done', false],
      ['leadSignOff', 'done', false],
      ['observerSignOff', 'notYet', false],
      ['rating', 'open', false],
    ]);
    expect(checklist.items[1]?.current).toMatchObject({
      _id: signOff,
      note: 'Reversed the forklift safely',
      by: { _id: w.lead.id, name: 'Leo Tester', role: 'lead' },
    });
    const stranger = await get(w.stranger.token, p.myChecklist(w.checklist.id));
    expect([stranger.status, stranger.body.message]).toEqual([404, m.checklistNotAssigned]);
  });

  it("counts with ?course= only the records of that course's round", async () => {
    const round = await get(w.learner.token, `${p.myChecklist(w.checklist.id)}?course=${w.courseId}`);
    expect(round.status, round.text).toBe(200);
    expect((round.body.results as LearnerChecklist).done).toBe(2);
    // A restart begins a new round after the records: they count no more for the course, but still
    // for the checklist itself.
    const restarted = new Date(Date.now() + 1000);
    await t.db.execute(
      sql`insert into course_progress (user_id, course_id, started_at, last_activity_at, restarted_at)
          values (${w.learner.id}, ${w.courseId}, now(), now(), ${restarted.toISOString()}::timestamptz)`,
    );
    const later = await get(w.learner.token, `${p.myChecklist(w.checklist.id)}?course=${w.courseId}`);
    const items = (later.body.results as LearnerChecklist).items;
    expect([(later.body.results as LearnerChecklist).done, items.map((item) => item.state)]).toEqual([
      0,
      ['open', 'open', 'open', 'open'],
    ]);
    expect((await get(w.learner.token, p.myChecklist(w.checklist.id))).body.results.done).toBe(2);
    await t.db.execute(sql`delete from course_progress where user_id = ${w.learner.id}`);
  });

  it('shows every item done for a course that stands completed, whatever was withdrawn since', async () => {
    const v = await checklistWorld(t, ['learnerTick', 'leadSignOff']);
    const on = (type: 'learnerTick' | 'leadSignOff') => ({
      learnerId: v.learner.id,
      activityId: v.item(type),
      action: 'done',
    });
    await record(t, v.learner.token, on('learnerTick'));
    const last = await record(t, v.lead.token, on('leadSignOff'));
    expect(last.body.results.coursesCompleted).toEqual([v.courseId]);
    await record(t, v.lead.token, {
      ...on('leadSignOff'),
      action: 'withdraw',
      withdraws: last.body.results.record._id,
      note: 'Signed too soon',
    });
    const inCourse = await get(v.learner.token, `${p.myChecklist(v.checklist.id)}?course=${v.courseId}`);
    const standing = inCourse.body.results as LearnerChecklist;
    expect([standing.done, standing.completed, standing.items.map((item) => item.state)]).toEqual([
      2,
      true,
      ['done', 'done'],
    ]);
    const own = (await get(v.learner.token, p.myChecklist(v.checklist.id))).body.results as LearnerChecklist;
    expect([own.done, own.completed, own.items.map((item) => item.state)]).toEqual([
      1,
      false,
      ['done', 'open'],
    ]);
  });

  it('refuses a course that is not a valid id (422) or not one of theirs holding it (404)', async () => {
    const bad = await get(w.learner.token, `${p.myChecklist(w.checklist.id)}?course=nope`);
    expect([bad.status, bad.body.errors]).toEqual([422, { course: m.courseInvalid }]);
    const other = await newCourse(t);
    const response = await get(w.learner.token, `${p.myChecklist(w.checklist.id)}?course=${other}`);
    expect([response.status, response.body.message]).toEqual([404, m.checklistNotAssigned]);
  });
});

describe("a lead's view of their member", () => {
  it("lists the member's checklists and opens one with what the lead may sign off", async () => {
    const list = await get(w.lead.token, p.memberChecklists(w.teamId, w.learner.id));
    expect(list.status, list.text).toBe(200);
    expect((list.body.results as ChecklistSummary[]).find((one) => one._id === w.checklist.id)?.done).toBe(2);
    const one = await get(w.lead.token, p.memberChecklist(w.teamId, w.learner.id, w.checklist.id));
    expect(one.status, one.text).toBe(200);
    expect((one.body.results as LearnerChecklist).items.map((item) => [item.type, item.canRecord])).toEqual([
      ['learnerTick', false],
      ['leadSignOff', false],
      ['observerSignOff', false],
      ['rating', true],
    ]);
  });

  it("shows the team's members holding a checklist with each item's state", async () => {
    const response = await get(w.lead.token, p.teamChecklist(w.teamId, w.checklist.id));
    expect(response.status, response.text).toBe(200);
    // The lead is a member of the team too, but no course in their scope holds the checklist.
    expect(response.body.results as TeamChecklistMember[]).toEqual([
      {
        _id: w.learner.id,
        name: 'Lena Tester',
        items: [
          { activityId: w.item('learnerTick'), state: 'done' },
          { activityId: w.item('leadSignOff'), state: 'done' },
          { activityId: w.item('observerSignOff'), state: 'notYet' },
          { activityId: w.item('rating'), state: 'open' },
        ],
      },
    ]);
  });

  it('answers 404 for a member outside the team and for a checklist the member does not hold', async () => {
    const outside = await get(w.lead.token, p.memberChecklists(w.teamId, w.stranger.id));
    expect([outside.status, outside.body.message]).toEqual([404, messages.notFound]);
    const notHeld = await get(w.lead.token, p.memberChecklist(w.teamId, w.learner.id, randomUUID()));
    expect([notHeld.status, notHeld.body.message]).toEqual([404, m.checklistNotAssigned]);
  });
});

describe("an observer's view", () => {
  it('lists the checklists they observe with their learners, and opens a learner’s', async () => {
    const response = await get(w.observer.token, p.observing);
    expect(response.status, response.text).toBe(200);
    expect(response.body.results as ObservedChecklist[]).toEqual([
      {
        _id: w.checklist.id,
        title: w.checklist.title,
        learners: [{ _id: w.learner.id, name: 'Lena Tester', done: 2, total: 4, percent: 50 }],
      },
    ]);
    const one = await get(w.observer.token, p.observedChecklist(w.checklist.id, w.learner.id));
    expect(one.status, one.text).toBe(200);
    expect((one.body.results as LearnerChecklist).items.map((item) => [item.type, item.canRecord])).toEqual([
      ['learnerTick', false],
      ['leadSignOff', false],
      ['observerSignOff', true],
      ['rating', true],
    ]);
    expect((await get(w.lead.token, p.observing)).body.results).toEqual([]);
    const notNamed = await get(w.lead.token, p.observedChecklist(w.checklist.id, w.learner.id));
    expect([notNamed.status, notNamed.body.message]).toEqual([403, m.notObserver]);
  });

  it('lists as learners those assigned a course holding the checklist, not everyone a course is open to', async () => {
    const world = await checklistWorld(t, ['observerSignOff']);
    const open = await newCourse(t, { permission: 'none' });
    await setOutline(t, open, [{ checklistId: world.checklist.id }]);
    const trainee = await person(t, 'Tara');
    await assign(t, trainee.id, [open]);
    const observed = (await get(world.observer.token, p.observing)).body.results as ObservedChecklist[];
    const learners = observed.find((checklist) => checklist._id === world.checklist.id)?.learners ?? [];
    // Lena holds it by name with no record yet, and is assigned nothing: not listed; Tara is assigned.
    expect(learners.map((learner) => learner.name)).toEqual(['Tara Tester']);
    expect(learners[0]).toMatchObject({ _id: trainee.id, done: 0, total: 1, percent: 0 });
  });
});

describe('a lead of another team', () => {
  it('is refused on every checklist route of that member, and writes nothing', async () => {
    const token = w.otherLead.token;
    const refused: [string, number, string][] = [];
    const calls: [string, Promise<{ status: number; body: { message: string } }>][] = [
      ['member list via their team', get(token, p.memberChecklists(w.otherTeamId, w.learner.id))],
      ['member list via the member’s team', get(token, p.memberChecklists(w.teamId, w.learner.id))],
      [
        'member checklist via their team',
        get(token, p.memberChecklist(w.otherTeamId, w.learner.id, w.checklist.id)),
      ],
      [
        'member checklist via the member’s team',
        get(token, p.memberChecklist(w.teamId, w.learner.id, w.checklist.id)),
      ],
      ['team checklist', get(token, p.teamChecklist(w.teamId, w.checklist.id))],
      ['observed checklist', get(token, p.observedChecklist(w.checklist.id, w.learner.id))],
      ['learner checklist', get(token, p.myChecklist(w.checklist.id))],
      ['file', get(token, p.recordFile(signOff))],
      [
        'sign-off',
        record(t, token, { learnerId: w.learner.id, activityId: w.item('leadSignOff'), action: 'done' }),
      ],
      [
        'rating',
        record(t, token, { learnerId: w.learner.id, activityId: w.item('rating'), action: 'notYet' }),
      ],
      [
        'withdrawal',
        record(t, token, {
          learnerId: w.learner.id,
          activityId: w.item('leadSignOff'),
          action: 'withdraw',
          withdraws: signOff,
          note: 'Not mine',
        }),
      ],
      [
        'bulk sign-off',
        t.call('POST', p.bulkSignOff, {
          token,
          body: { activityId: w.item('rating'), learnerIds: [w.learner.id], recordIds: [randomUUID()] },
        }),
      ],
    ];
    for (const [label, call] of calls) {
      const response = await call;
      refused.push([label, response.status, response.body.message]);
    }
    expect(refused).toEqual([
      ['member list via their team', 404, messages.notFound],
      ['member list via the member’s team', 403, messages.forbidden],
      ['member checklist via their team', 404, messages.notFound],
      ['member checklist via the member’s team', 403, messages.forbidden],
      ['team checklist', 403, messages.forbidden],
      ['observed checklist', 403, m.notObserver],
      ['learner checklist', 404, m.checklistNotAssigned],
      ['file', 403, messages.forbidden],
      ['sign-off', 403, m.notLead],
      ['rating', 403, m.notLeadOrObserver],
      ['withdrawal', 403, m.notSigner],
      ['bulk sign-off', 403, m.notLead],
    ]);
    const rows = await t.db.execute(sql`select 1 from checklist_records where actor_id = ${w.otherLead.id}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('a member in two teams', () => {
  it('is reached by a lead of either', async () => {
    const second = await newTeam(t, [w.otherLead.id], [w.learner.id]);
    const response = await get(w.otherLead.token, p.memberChecklists(second, w.learner.id));
    expect(response.status).toBe(200);
    await t.db.execute(sql`delete from team_members where team_id = ${second}`);
  });
});
