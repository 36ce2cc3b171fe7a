import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checklistRecordMessages as m,
  checklistRecordPaths as p,
} from '../../contract/checklists/records.ts';
import { messages } from '../../contract/messages.ts';
import { checklistWorld, PNG, recordForm, recordsOf, type World } from './checklist-records-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let t: TestContext;
let w: World;
beforeAll(async () => {
  t = await createTestContext();
  w = await checklistWorld(t);
});
afterAll(() => t.close());

/** The files kept in the store's folder of checklist records. */
function storedFiles(): string[] {
  try {
    return readdirSync(join(t.config.dataDir, 'files', 'checklist-records'));
  } catch {
    return [];
  }
}

const text = (content: string) => new TextEncoder().encode(content) as Uint8Array<ArrayBuffer>;

describe('a record with a photo or evidence (multipart)', () => {
  it('keeps the photo of a sign-off, readable by the learner, their lead and the observer through a signed link', async () => {
    const response = await recordForm(
      t,
      w.lead.token,
      { learnerId: w.learner.id, activityId: w.item('leadSignOff'), action: 'done', note: 'Seen on site' },
      { name: 'site.png', type: 'image/png', bytes: PNG },
    );
    expect(response.status, response.text).toBe(201);
    const stored = response.body.results.record;
    expect(stored).toMatchObject({ hasFile: true, fileName: 'site.png', note: 'Seen on site' });
    expect(storedFiles()).toHaveLength(1);
    for (const token of [w.learner.token, w.lead.token, w.observer.token]) {
      const file = await t.call('GET', p.recordFile(stored._id), { token });
      expect(file.status, file.text).toBe(200);
      expect(file.body.message).toBe(m.fileFetched);
      expect(file.body.results).toMatchObject({ name: 'site.png', size: PNG.byteLength, type: 'image/png' });
      const bytes = await t.app.request(file.body.results.url);
      expect(bytes.status).toBe(200);
      expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(PNG);
    }
    const other = await t.call('GET', p.recordFile(stored._id), { token: w.otherLead.token });
    expect([other.status, other.body.message]).toEqual([403, messages.forbidden]);
  });

  it('refuses a photo that is not an image, keeping no file and no record', async () => {
    const before = storedFiles().length;
    const response = await recordForm(
      t,
      w.observer.token,
      { learnerId: w.learner.id, activityId: w.item('observerSignOff'), action: 'notYet' },
      { name: 'photo.png', type: 'image/png', bytes: text('%PDF-1.4\nnot a photo\n%%EOF\n') },
    );
    expect([response.status, response.body.errors]).toEqual([422, { file: m.photoNotImage }]);
    expect(storedFiles()).toHaveLength(before);
    expect(
      (await recordsOf(t, w.learner.id)).filter((row) => row.activityId === w.item('observerSignOff')),
    ).toEqual([]);
  });

  it("stores the learner's evidence, and refuses evidence without a file or a file on an item that takes none", async () => {
    const evidence = await recordForm(
      t,
      w.learner.token,
      { learnerId: w.learner.id, activityId: w.item('evidence'), action: 'done' },
      { name: 'checklist.txt', type: 'text/plain', bytes: text('Pre-use check done.') },
    );
    expect(evidence.status, evidence.text).toBe(201);
    expect(evidence.body.results.item).toMatchObject({ state: 'done' });
    expect(evidence.body.results.record).toMatchObject({ hasFile: true, fileName: 'checklist.txt' });
    const before = storedFiles().length;
    const none = await recordForm(t, w.learner.token, {
      learnerId: w.learner.id,
      activityId: w.item('evidence'),
      action: 'done',
    });
    expect([none.status, none.body.errors]).toEqual([422, { file: m.evidenceRequired }]);
    const tick = await recordForm(
      t,
      w.learner.token,
      { learnerId: w.learner.id, activityId: w.item('learnerTick'), action: 'done' },
      { name: 'tick.png', type: 'image/png', bytes: PNG },
    );
    expect([tick.status, tick.body.errors]).toEqual([422, { file: m.fileNotTaken }]);
    const notAllowed = await recordForm(
      t,
      w.otherLead.token,
      { learnerId: w.learner.id, activityId: w.item('leadSignOff'), action: 'notYet' },
      { name: 'site.png', type: 'image/png', bytes: PNG },
    );
    expect([notAllowed.status, notAllowed.body.message]).toEqual([403, m.notLead]);
    expect(storedFiles()).toHaveLength(before);
  });

  it('keeps no second file when a record with a photo is sent again, and answers the stored record', async () => {
    const fields = {
      recordId: crypto.randomUUID(),
      learnerId: w.learner.id,
      activityId: w.item('rating'),
      action: 'notYet',
    };
    const photo = { name: 'rating.png', type: 'image/png', bytes: PNG };
    const first = await recordForm(t, w.lead.token, fields, photo);
    expect(first.status, first.text).toBe(201);
    const count = storedFiles().length;
    const again = await recordForm(t, w.lead.token, fields, photo);
    expect(again.status, again.text).toBe(200);
    expect(again.body.results.record).toEqual(first.body.results.record);
    expect(storedFiles()).toHaveLength(count);
  });

  it('refuses a text part after the file (400), keeping nothing', async () => {
    const before = storedFiles().length;
    const form = new FormData();
    form.append('recordId', crypto.randomUUID());
    form.append('learnerId', w.learner.id);
    form.append('activityId', w.item('rating'));
    form.append('action', 'done');
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'late.png');
    form.append('note', 'Written after the photo');
    const response = await t.call('POST', p.record, { token: w.lead.token, form });
    expect([response.status, response.body.message]).toEqual([400, messages.malformedForm]);
    expect(storedFiles()).toHaveLength(before);
    expect(
      (await recordsOf(t, w.learner.id)).filter((row) => row.activityId === w.item('rating')),
    ).toHaveLength(1);
  });

  it('answers 404 for a record without a file', async () => {
    const response = await t.call('GET', p.recordFile(crypto.randomUUID()), { token: w.learner.token });
    expect([response.status, response.body.message]).toEqual([404, m.recordNotFound]);
  });
});
