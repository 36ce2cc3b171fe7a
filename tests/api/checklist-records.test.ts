import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_COUNTED } from '../../contract/already-counted.ts';
import { checklistRecordMessages as m, type RecordResult } from '../../contract/checklists/records.ts';
import { DEVICE_TIME_HEADER } from '../../contract/learning/device-time.ts';
import { messages } from '../../contract/messages.ts';
import {
  checklistWorld,
  completionCount,
  record,
  recordsOf,
  type World,
} from './checklist-records-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const results = (response: { body: { results: RecordResult } }) => response.body.results;

describe('POST /checklist/record', () => {
  let w: World;
  beforeAll(async () => {
    w = await checklistWorld(t);
  });

  it("records the learner's tick as a row of history, answered with the item and the checklist", async () => {
    const recordId = randomUUID();
    const response = await record(t, w.learner.token, {
      recordId,
      learnerId: w.learner.id,
      activityId: w.item('learnerTick'),
      action: 'done',
      note: 'Walked the route',
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.message).toBe(m.recorded);
    const { record: stored, item, checklist, coursesCompleted } = results(response);
    expect(stored).toMatchObject({
      _id: recordId,
      activityId: w.item('learnerTick'),
      action: 'done',
      note: 'Walked the route',
      by: { _id: w.learner.id, name: 'Lena Tester', role: 'learner' },
      hasFile: false,
      withdraws: null,
      withdrawnAt: null,
    });
    expect(item).toMatchObject({ _id: w.item('learnerTick'), state: 'done', canRecord: false });
    expect(item.current?._id).toBe(recordId);
    expect(item.history.map((one) => one._id)).toEqual([recordId]);
    expect(checklist).toMatchObject({
      _id: w.checklist.id,
      done: 1,
      total: 6,
      percent: 17,
      completed: false,
    });
    expect(checklist.courses.map((course) => course._id)).toEqual([w.courseId]);
    expect(coursesCompleted).toEqual([]);
    const rows = await recordsOf(t, w.learner.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: recordId,
      actorId: w.learner.id,
      actorRole: 'learner',
      action: 'done',
    });
  });

  it('records sign-offs, ratings and answers by whoever the item names, in their capacity', async () => {
    const lead = await record(t, w.lead.token, {
      learnerId: w.learner.id,
      activityId: w.item('leadSignOff'),
      action: 'done',
    });
    expect(lead.status, lead.text).toBe(201);
    expect(results(lead).record.by).toEqual({ _id: w.lead.id, name: 'Leo Tester', role: 'lead' });
    const observer = await record(t, w.observer.token, {
      learnerId: w.learner.id,
      activityId: w.item('observerSignOff'),
      action: 'notYet',
      note: 'Missed the second exit',
    });
    expect(observer.status, observer.text).toBe(201);
    expect(results(observer).item).toMatchObject({ state: 'notYet', canRecord: true });
    expect(results(observer).record.by.role).toBe('observer');
    const rating = await record(t, w.observer.token, {
      learnerId: w.learner.id,
      activityId: w.item('rating'),
      action: 'done',
    });
    expect(results(rating).record.by).toMatchObject({ _id: w.observer.id, role: 'observer' });
    const answer = await record(t, w.learner.token, {
      learnerId: w.learner.id,
      activityId: w.item('writtenAnswer'),
      action: 'done',
      note: 'Assembly point B',
    });
    expect(answer.status, answer.text).toBe(201);
    expect(results(answer).item.current?.note).toBe('Assembly point B');
    expect(results(answer).checklist.done).toBe(4);
  });

  it('refuses whoever the item does not name (403), records nothing', async () => {
    const before = (await recordsOf(t, w.learner.id)).length;
    const cases: [string, string, string, string][] = [
      [w.lead.token, 'learnerTick', 'done', m.notYours],
      [w.learner.token, 'leadSignOff', 'done', m.notLead],
      [w.observer.token, 'leadSignOff', 'done', m.notLead],
      [w.otherLead.token, 'leadSignOff', 'done', m.notLead],
      [w.lead.token, 'observerSignOff', 'done', m.notObserver],
      [w.otherLead.token, 'rating', 'notYet', m.notLeadOrObserver],
      [w.learner.token, 'rating', 'done', m.notLeadOrObserver],
    ];
    for (const [token, type, action, message] of cases) {
      const response = await record(t, token, {
        learnerId: w.learner.id,
        activityId: w.item(type as never),
        action,
      });
      expect([type, response.status, response.body.message]).toEqual([type, 403, message]);
    }
    expect(await recordsOf(t, w.learner.id)).toHaveLength(before);
  });

  it('answers 422 with field errors for bad input, and 404 for an unknown item or a checklist not assigned, writing nothing', async () => {
    const before = (await recordsOf(t, w.learner.id)).length;
    const base = { learnerId: w.learner.id, activityId: w.item('learnerTick'), action: 'done' };
    const bad = await t.call('POST', '/checklist/record', {
      token: w.learner.token,
      body: { recordId: 'nope', action: 'maybe', note: 'x'.repeat(2001) },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      recordId: m.recordIdInvalid,
      learnerId: m.learnerRequired,
      activityId: m.activityRequired,
      action: m.actionInvalid,
      note: m.noteTooLong,
    });
    const answer = await record(t, w.learner.token, {
      ...base,
      activityId: w.item('writtenAnswer'),
      note: '  ',
    });
    expect([answer.status, answer.body.errors]).toEqual([422, { note: m.answerRequired }]);
    const evidence = await record(t, w.learner.token, { ...base, activityId: w.item('evidence') });
    expect([evidence.status, evidence.body.errors]).toEqual([422, { file: m.evidenceRequired }]);
    const notYet = await record(t, w.learner.token, { ...base, action: 'notYet' });
    expect([notYet.status, notYet.body.errors]).toEqual([422, { action: m.notYetNotAllowed }]);
    const withdraw = await record(t, w.learner.token, { ...base, action: 'withdraw' });
    expect([withdraw.status, withdraw.body.errors]).toEqual([
      422,
      { note: m.reasonRequired, withdraws: m.withdrawsRequired },
    ]);
    const unknown = await record(t, w.learner.token, { ...base, activityId: randomUUID() });
    expect([unknown.status, unknown.body.message]).toEqual([404, m.activityNotFound]);
    const stranger = await record(t, w.stranger.token, { ...base, learnerId: w.stranger.id });
    expect([stranger.status, stranger.body.message]).toEqual([404, m.checklistNotAssigned]);
    expect(await recordsOf(t, w.learner.id)).toHaveLength(before);
    expect(await recordsOf(t, w.stranger.id)).toHaveLength(0);
  });
});

describe('replays, conflicts and withdrawals', () => {
  it('counts a replayed record id once: one row, one course completion; another writer may not reuse it', async () => {
    const w = await checklistWorld(t, ['learnerTick', 'leadSignOff']);
    await record(t, w.learner.token, {
      learnerId: w.learner.id,
      activityId: w.item('learnerTick'),
      action: 'done',
    });
    const body = {
      recordId: randomUUID(),
      learnerId: w.learner.id,
      activityId: w.item('leadSignOff'),
      action: 'done',
    };
    const first = await record(t, w.lead.token, body);
    expect(first.status, first.text).toBe(201);
    expect(results(first).coursesCompleted).toEqual([w.courseId]);
    const again = await record(t, w.lead.token, body);
    expect(again.status, again.text).toBe(200);
    expect(results(again).record).toEqual(results(first).record);
    expect(results(again).coursesCompleted).toEqual([]);
    expect(await recordsOf(t, w.learner.id)).toHaveLength(2);
    expect(await completionCount(t, w.learner.id, w.courseId)).toBe(1);

    const taken = await record(t, w.learner.token, { ...body, activityId: w.item('learnerTick') });
    expect([taken.status, taken.body.errors]).toEqual([422, { recordId: m.recordIdInvalid }]);
    expect(await recordsOf(t, w.learner.id)).toHaveLength(2);
  });

  it('completes the course when its last required item is signed off, and not before', async () => {
    const w = await checklistWorld(t, ['learnerTick', 'leadSignOff', 'rating']);
    const on = (type: 'learnerTick' | 'leadSignOff' | 'rating') => ({
      learnerId: w.learner.id,
      activityId: w.item(type),
      action: 'done',
    });
    expect(results(await record(t, w.learner.token, on('learnerTick'))).coursesCompleted).toEqual([]);
    expect(results(await record(t, w.lead.token, on('rating'))).coursesCompleted).toEqual([]);
    expect(await completionCount(t, w.learner.id, w.courseId)).toBe(0);
    const last = await record(t, w.lead.token, on('leadSignOff'));
    expect(results(last).coursesCompleted).toEqual([w.courseId]);
    expect(results(last).checklist).toMatchObject({ done: 3, total: 3, percent: 100, completed: true });
    expect(await completionCount(t, w.learner.id, w.courseId)).toBe(1);
  });

  it("answers 409 to a done on a done item (counted already) and to its 'not yet'; a withdrawal keeps history and reopens it", async () => {
    const w = await checklistWorld(t, ['leadSignOff']);
    const on = { learnerId: w.learner.id, activityId: w.item('leadSignOff') };
    const done = await record(t, w.lead.token, { ...on, action: 'done' });
    const signOff = results(done).record._id;
    const twice = await record(t, w.lead.token, { ...on, action: 'done' });
    expect([twice.status, twice.body]).toEqual([409, { message: m.alreadyDone, code: ALREADY_COUNTED }]);
    const notYet = await record(t, w.lead.token, { ...on, action: 'notYet' });
    expect([notYet.status, notYet.body]).toEqual([409, { message: m.alreadyDone }]);

    const byOther = await record(t, w.learner.token, {
      ...on,
      action: 'withdraw',
      withdraws: signOff,
      note: 'No',
    });
    expect([byOther.status, byOther.body.message]).toEqual([403, m.notSigner]);
    const withdraw = await record(t, w.lead.token, {
      ...on,
      action: 'withdraw',
      withdraws: signOff,
      note: 'Signed the wrong person',
    });
    expect(withdraw.status, withdraw.text).toBe(201);
    expect(withdraw.body.message).toBe(m.withdrawn);
    const { item, record: withdrawal } = results(withdraw);
    expect(withdrawal).toMatchObject({
      action: 'withdraw',
      withdraws: signOff,
      note: 'Signed the wrong person',
    });
    expect(item).toMatchObject({ state: 'open', current: null, canRecord: true });
    expect(item.history.map((one) => [one._id, one.action, one.withdrawnAt !== null])).toEqual([
      [withdrawal._id, 'withdraw', false],
      [signOff, 'done', true],
    ]);
    const rows = await recordsOf(t, w.learner.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id === signOff)?.withdrawnAt?.toISOString()).toBe(withdrawal.doneAt);

    const again = await record(t, w.lead.token, {
      ...on,
      action: 'withdraw',
      withdraws: signOff,
      note: 'Again',
    });
    expect([again.status, again.body]).toEqual([409, { message: m.alreadyWithdrawn, code: ALREADY_COUNTED }]);
    const ofWithdrawal = await record(t, w.lead.token, {
      ...on,
      action: 'withdraw',
      withdraws: withdrawal._id,
      note: 'Undo',
    });
    expect([ofWithdrawal.status, ofWithdrawal.body.errors]).toEqual([422, { withdraws: m.notWithdrawable }]);
    const signedAgain = await record(t, w.lead.token, { ...on, action: 'done' });
    expect(signedAgain.status).toBe(201);
    expect(await recordsOf(t, w.learner.id)).toHaveLength(3);
  });

  it("dates a record by the device's time, not after the server's now nor before the record it withdraws", async () => {
    const w = await checklistWorld(t, ['leadSignOff']);
    const on = { learnerId: w.learner.id, activityId: w.item('leadSignOff') };
    const earlier = '2026-01-05T08:30:00.000Z';
    const done = await record(t, w.lead.token, { ...on, action: 'done' }, { [DEVICE_TIME_HEADER]: earlier });
    expect(results(done).record.doneAt).toBe(earlier);
    expect(Date.parse(results(done).record.receivedAt)).toBeGreaterThan(Date.parse(earlier));
    const withdraw = await record(
      t,
      w.lead.token,
      { ...on, action: 'withdraw', withdraws: results(done).record._id, note: 'Too early' },
      { [DEVICE_TIME_HEADER]: '2025-12-01T00:00:00.000Z' },
    );
    expect(results(withdraw).record.doneAt).toBe('2026-01-05T08:30:00.001Z');
    const future = await record(
      t,
      w.lead.token,
      { ...on, action: 'done' },
      { [DEVICE_TIME_HEADER]: '2999-01-01T00:00:00Z' },
    );
    expect(Date.parse(results(future).record.doneAt)).toBeLessThanOrEqual(Date.now());
  });

  it('refuses text the database cannot store and a body past its cap, writing nothing', async () => {
    const w = await checklistWorld(t, ['learnerTick']);
    const on = { learnerId: w.learner.id, activityId: w.item('learnerTick'), action: 'done' };
    const surrogate = await record(t, w.learner.token, { ...on, note: 'a\ud800b' });
    expect([surrogate.status, surrogate.body.errors]).toEqual([422, { note: messages.invalidCharacters }]);
    const nul = await record(t, w.learner.token, { ...on, note: 'a\u0000b' });
    expect(nul.status).toBe(422);
    const huge = await record(t, w.learner.token, { ...on, padding: 'x'.repeat(70_000) });
    expect([huge.status, huge.body.message]).toEqual([413, messages.payloadTooLarge]);
    expect(await recordsOf(t, w.learner.id)).toEqual([]);
  });

  it('binds an Idempotency-Key to the JSON body it came with: another body of the same length is refused', async () => {
    const w = await checklistWorld(t, ['learnerTick', 'writtenAnswer']);
    const key = randomUUID();
    const body = (note: string) => ({
      recordId: randomUUID().replace(/.$/, '0'),
      learnerId: w.learner.id,
      activityId: w.item('writtenAnswer'),
      action: 'done',
      note,
    });
    const sent = body('Answer A');
    const first = await t.call('POST', '/checklist/record', {
      token: w.learner.token,
      headers: { 'Idempotency-Key': key },
      body: sent,
    });
    expect(first.status, first.text).toBe(201);
    const other = await t.call('POST', '/checklist/record', {
      token: w.learner.token,
      headers: { 'Idempotency-Key': key },
      body: { ...sent, note: 'Answer B' },
    });
    expect([other.status, other.body.message]).toEqual([422, messages.idempotencyKeyReused]);
    expect(await recordsOf(t, w.learner.id)).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    const response = await t.call('POST', '/checklist/record', { body: {} });
    expect([response.status, response.body.message]).toEqual([401, messages.unauthenticated]);
  });
});
