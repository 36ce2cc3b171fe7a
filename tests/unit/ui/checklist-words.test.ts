import type { ChecklistRecord } from '@contract/checklists/records';
import { describe, expect, it } from 'vitest';
import { recordActionName } from '@/lib/checklist-records';
import { checklistStateLabel } from '@/ui/checklist/checklist-state-badge';
import { recordLine, recordVerb } from '@/ui/checklist/record-history';

const record = (overrides: Partial<ChecklistRecord>): ChecklistRecord => ({
  _id: '11111111-1111-4111-8111-111111111111',
  activityId: '22222222-2222-4222-8222-222222222222',
  action: 'done',
  note: '',
  by: { _id: '33333333-3333-4333-8333-333333333333', name: 'Taylor Morgan', role: 'lead' },
  doneAt: '2026-11-27T10:05:00.000Z',
  receivedAt: '2026-11-27T10:05:01.000Z',
  hasFile: false,
  fileName: null,
  withdraws: null,
  withdrawnAt: null,
  ...overrides,
});

describe('the words of checklist records', () => {
  it('says what a record did in the words of its item’s type', () => {
    expect(recordVerb({ action: 'done' }, 'learnerTick')).toBe('Ticked');
    expect(recordVerb({ action: 'done' }, 'writtenAnswer')).toBe('Answered');
    expect(recordVerb({ action: 'done' }, 'evidence')).toBe('Uploaded evidence');
    expect(recordVerb({ action: 'done' }, 'leadSignOff')).toBe('Signed off');
    expect(recordVerb({ action: 'notYet' }, 'observerSignOff')).toBe('Not yet');
    expect(recordVerb({ action: 'done' }, 'rating')).toBe('Rated competent');
    expect(recordVerb({ action: 'notYet' }, 'rating')).toBe('Rated not yet competent');
    expect(recordVerb({ action: 'withdraw' }, 'leadSignOff')).toBe('Withdrew');
  });

  it('names who recorded it, in which capacity and when the device says it was done', () => {
    const line = recordLine(record({}), 'leadSignOff');
    expect(line).toMatch(/^Signed off by Taylor Morgan \(team lead\), /);
    expect(line).toContain('2026');
    expect(recordLine(record({ by: { _id: null, name: 'Sam Lee', role: 'observer' } }), 'rating')).toMatch(
      /^Rated competent by Sam Lee \(observer\), /,
    );
  });

  it('labels an item’s state, a rating as competent or not yet competent', () => {
    expect(checklistStateLabel('open', 'rating')).toBe('Open');
    expect(checklistStateLabel('done', 'learnerTick')).toBe('Done');
    expect(checklistStateLabel('notYet', 'leadSignOff')).toBe('Not yet');
    expect(checklistStateLabel('done', 'rating')).toBe('Competent');
    expect(checklistStateLabel('notYet', 'rating')).toBe('Not yet competent');
  });

  it('names each kind of record for the outbox panel', () => {
    expect(recordActionName({ type: 'learnerTick', action: 'done' })).toBe('Tick checklist item');
    expect(recordActionName({ type: 'writtenAnswer', action: 'done' })).toBe('Send written answer');
    expect(recordActionName({ type: 'evidence', action: 'done' })).toBe('Upload evidence');
    expect(recordActionName({ type: 'observerSignOff', action: 'done' })).toBe('Sign off checklist item');
    expect(recordActionName({ type: 'leadSignOff', action: 'notYet' })).toBe('Mark checklist item not yet');
    expect(recordActionName({ type: 'rating', action: 'notYet' })).toBe('Rate not yet competent');
    expect(recordActionName({ type: 'evidence', action: 'withdraw' })).toBe('Withdraw a checklist record');
  });
});
