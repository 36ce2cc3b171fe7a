import type { ChecklistItem, LearnerChecklist } from '@contract/checklists/records';
import type { PlayerCourse } from '@contract/learning/resource';
import { describe, expect, it } from 'vitest';
import {
  checklistWaits,
  checklistWithWork,
  courseWithWork,
  itemRecordWaiting,
  itemWaits,
  waitingWork,
} from '@/lib/outbox-learning';
import type { OutboxSummary } from '../../../sw/outbox/protocol.ts';

const CHECKLIST = '11111111-1111-4111-8111-111111111111';
const LEARNER = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';
const TICK = '44444444-4444-4444-8444-444444444444';
const SIGN = '55555555-5555-4555-8555-555555555555';
const ANSWER = '66666666-6666-4666-8666-666666666666';

function record(
  activity: string,
  action: string,
  options: { learner?: string; status?: OutboxSummary['status']; seq?: number } = {},
): OutboxSummary {
  const query = new URLSearchParams({
    checklist: CHECKLIST,
    activity,
    learner: options.learner ?? LEARNER,
    action,
  });
  return {
    seq: options.seq ?? 1,
    method: 'POST',
    url: `/api/v1/checklist/record?${query}`,
    action: 'Tick checklist item',
    target: 'Item',
    createdAt: 0,
    status: options.status ?? 'pending',
    attempts: 0,
    lastError: null,
    lastStatus: null,
    clientId: null,
  };
}

const item = (id: string, required: boolean, state: ChecklistItem['state'] = 'open'): ChecklistItem => ({
  _id: id,
  position: 1,
  title: id,
  instructions: '',
  type: 'learnerTick',
  required,
  state,
  current: null,
  canRecord: true,
  history: [],
});

const checklist = (items: ChecklistItem[]): LearnerChecklist => ({
  _id: CHECKLIST,
  title: 'Safety Walkthrough',
  description: '',
  done: items.filter((entry) => entry.required && entry.state === 'done').length,
  total: items.filter((entry) => entry.required).length,
  percent: 0,
  completed: false,
  courses: [],
  learner: { _id: LEARNER, name: 'Taylor Morgan' },
  items,
});

describe('checklist records waiting in the outbox', () => {
  it('reads whose item waits and how from the record’s address, leaving refused ones to the outbox panel', () => {
    const work = waitingWork([
      record(TICK, 'done'),
      record(SIGN, 'notYet', { learner: OTHER }),
      record(ANSWER, 'done', { status: 'failed' }),
    ]);
    expect(work.checklistRecords).toEqual([
      { checklistId: CHECKLIST, activityId: TICK, learnerId: LEARNER, action: 'done' },
      { checklistId: CHECKLIST, activityId: SIGN, learnerId: OTHER, action: 'notYet' },
    ]);
    expect(itemRecordWaiting(work, LEARNER, TICK)).toBe('done');
    expect(itemRecordWaiting(work, LEARNER, SIGN)).toBeNull();
    expect(itemRecordWaiting(work, LEARNER, ANSWER)).toBeNull();
    expect(checklistWaits(work, CHECKLIST, LEARNER)).toBe(true);
    expect(checklistWaits(work, CHECKLIST, '77777777-7777-4777-8777-777777777777')).toBe(false);
  });

  it('ignores a record address without the query that names its item', () => {
    const bare = { ...record(TICK, 'done'), url: '/api/v1/checklist/record' };
    expect(waitingWork([bare]).checklistRecords).toEqual([]);
  });

  it('shows a waiting tick done and counts the required items again', () => {
    const work = waitingWork([record(TICK, 'done')]);
    const shown = checklistWithWork(
      checklist([item(TICK, true), item(SIGN, true), item(ANSWER, false)]),
      work,
    );
    expect(shown.items.map((entry) => entry.state)).toEqual(['done', 'open', 'open']);
    expect([shown.done, shown.total, shown.percent, shown.completed]).toEqual([1, 2, 50, false]);
  });

  it('completes the checklist when the last required item waits, and counts every item when none is required', () => {
    const work = waitingWork([record(TICK, 'done'), record(SIGN, 'done', { seq: 2 })]);
    const required = checklistWithWork(checklist([item(TICK, true), item(SIGN, true, 'done')]), work);
    expect([required.done, required.total, required.percent, required.completed]).toEqual([2, 2, 100, true]);
    const none = checklistWithWork(checklist([item(TICK, false), item(ANSWER, false)]), work);
    expect([none.done, none.total, none.percent]).toEqual([1, 2, 50]);
  });

  it('takes the last waiting record of an item: a withdrawal after a tick leaves it open', () => {
    const work = waitingWork([record(TICK, 'done'), record(TICK, 'withdraw', { seq: 2 })]);
    const shown = checklistWithWork(checklist([item(TICK, true)]), work);
    expect(shown.items[0]?.state).toBe('open');
    expect(shown.done).toBe(0);
  });

  it('shows a waiting not yet, but never over an item that stands done', () => {
    const work = waitingWork([record(TICK, 'notYet'), record(SIGN, 'notYet', { seq: 2 })]);
    const shown = checklistWithWork(checklist([item(TICK, true), item(SIGN, true, 'done')]), work);
    expect(shown.items.map((entry) => entry.state)).toEqual(['notYet', 'done']);
  });

  it('leaves another learner’s checklist as the server answered it', () => {
    const work = waitingWork([record(TICK, 'done', { learner: OTHER })]);
    const original = checklist([item(TICK, true)]);
    expect(checklistWithWork(original, work)).toBe(original);
  });

  it('marks the checklist in the course outline while a record of it waits', () => {
    const outlineItem = {
      kind: 'checklist' as const,
      _id: CHECKLIST,
      name: 'Safety Walkthrough',
      description: '',
      done: false,
      itemsDone: 0,
      itemsTotal: 2,
    };
    expect(itemWaits(outlineItem, waitingWork([record(TICK, 'done')]))).toBe(true);
    expect(itemWaits(outlineItem, waitingWork([]))).toBe(false);
  });

  it('counts a checklist finished on this device in the course, from the checklist as the player last read it', () => {
    const course = {
      _id: '88888888-8888-4888-8888-888888888888',
      outline: [
        {
          kind: 'checklist' as const,
          _id: CHECKLIST,
          name: 'Safety Walkthrough',
          description: '',
          done: false,
          itemsDone: 1,
          itemsTotal: 2,
        },
      ],
      progress: { state: 'in-progress', done: 0, total: 1, percent: 0 },
    } as unknown as PlayerCourse;
    const seen = checklist([item(TICK, true), item(SIGN, true, 'done')]);
    const work = waitingWork([record(TICK, 'done')]);
    const shown = courseWithWork(course, work, (id) => (id === CHECKLIST ? seen : undefined));
    expect(shown.outline[0]).toMatchObject({ done: true, itemsDone: 2 });
    expect(shown.progress).toMatchObject({ done: 1, total: 1, percent: 100 });
    // Never read on this device: the course stays as the server answered it.
    expect(courseWithWork(course, work)).toBe(course);
  });
});
