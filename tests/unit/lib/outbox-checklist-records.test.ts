import { describe, expect, it } from 'vitest';
import { recordsOfEntry, waitingByItem } from '@/lib/outbox-checklist-records';

const LEARNER = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const ACTIVITY = '00000000-0000-4000-8000-0000000000a1';
const RECORD = '00000000-0000-4000-8000-0000000000b1';
const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer as ArrayBuffer;

describe('recordsOfEntry', () => {
  it('reads a sign-off sent with its photo: the fields, and the photo kept with it', async () => {
    const form = new FormData();
    form.append('recordId', RECORD);
    form.append('learnerId', LEARNER);
    form.append('activityId', ACTIVITY);
    form.append('action', 'done');
    form.append('note', 'Smooth on the ramp.');
    form.append('file', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'ramp.png');
    const request = new Request('http://test.invalid/', { method: 'POST', body: form });
    const records = await recordsOfEntry({
      seq: 4,
      url: `/api/v1/checklist/record?learner=${LEARNER}`,
      contentType: request.headers.get('Content-Type'),
      body: await request.arrayBuffer(),
      createdAt: 10,
    });
    expect(records).toEqual([
      {
        seq: 4,
        createdAt: 10,
        recordId: RECORD,
        learnerId: LEARNER,
        activityId: ACTIVITY,
        action: 'done',
        note: 'Smooth on the ramp.',
        withdraws: null,
        photoName: 'ramp.png',
      },
    ]);
  });

  it('reads a withdrawal sent as JSON, naming the record it takes back', async () => {
    const [record] = await recordsOfEntry({
      seq: 5,
      url: '/api/v1/checklist/record',
      contentType: 'application/json',
      body: encode({
        recordId: RECORD,
        learnerId: LEARNER,
        activityId: ACTIVITY,
        action: 'withdraw',
        note: 'Wrong person.',
        withdraws: OTHER,
      }),
      createdAt: 11,
    });
    expect(record).toMatchObject({
      action: 'withdraw',
      note: 'Wrong person.',
      withdraws: OTHER,
      photoName: null,
    });
  });

  it('reads a bulk sign-off as one waiting sign-off per member, each with its own id', async () => {
    const records = await recordsOfEntry({
      seq: 6,
      url: '/api/v1/checklist/record/bulk',
      contentType: 'application/json',
      body: encode({
        activityId: ACTIVITY,
        learnerIds: [LEARNER, OTHER],
        recordIds: [RECORD, ACTIVITY],
        note: 'Shift',
      }),
      createdAt: 12,
    });
    expect(
      records.map(({ learnerId, recordId, action, note }) => ({ learnerId, recordId, action, note })),
    ).toEqual([
      { learnerId: LEARNER, recordId: RECORD, action: 'done', note: 'Shift' },
      { learnerId: OTHER, recordId: ACTIVITY, action: 'done', note: 'Shift' },
    ]);
    expect(waitingByItem(records, OTHER).get(ACTIVITY)).toHaveLength(1);
    expect(waitingByItem(records, '00000000-0000-4000-8000-000000000009').size).toBe(0);
  });

  it('reads nothing from a body that is not a record', async () => {
    const records = await recordsOfEntry({
      seq: 7,
      url: '/api/v1/checklist/record',
      contentType: 'application/json',
      body: new TextEncoder().encode('not json').buffer as ArrayBuffer,
      createdAt: 13,
    });
    expect(records).toEqual([]);
  });
});
