import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileMessages, HAND_IN_TOTAL_BYTES } from '../../contract/files.ts';
import { learningPaths as lp, learningMessages as m } from '../../contract/learning/resource.ts';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import type { TranscriptEntry } from '../../contract/team-dashboard.ts';
import { activityCompletions, handIns } from '../../server/db/schema/learning.ts';
import { teamLeads, teamMembers, teams } from '../../server/db/schema/teams.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { assign, learnerCalls, newCourse, newLearner, newLesson, setOutline } from './learning-fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n';

function handInForm(completionId: string, file: { name: string; body: string; type?: string } | null) {
  const form = new FormData();
  form.append('completionId', completionId);
  if (file) form.append('file', new Blob([file.body], { type: file.type ?? 'application/pdf' }), file.name);
  return form;
}

const storedHandIns = () => {
  const folder = join(t.config.dataDir, 'files', 'hand-ins');
  return existsSync(folder) ? readdirSync(folder) : [];
};

/** A course of one lesson: a required hand-in and a PDF, required too with `keepOpen` so handing in does not complete it. */
async function setUp({ keepOpen = false } = {}) {
  const learner = await newLearner(t);
  const lead = await newLearner(t);
  const stranger = await newLearner(t);
  const [team] = await t.db
    .insert(teams)
    .values({ title: `Hand-in team ${randomUUID()}`, teamName: 'hand-ins' })
    .returning();
  await t.db.insert(teamMembers).values({ teamId: team?.id as string, userId: learner.id });
  await t.db.insert(teamLeads).values({ teamId: team?.id as string, userId: lead.id });
  const { lessonId, activityIds } = await newLesson(t, [
    { type: 'fileUpload', required: true },
    { type: 'pdfDocument', required: keepOpen },
  ]);
  const courseId = await newCourse(t);
  await setOutline(t, courseId, [{ lessonId }]);
  await assign(t, learner.id, [courseId]);
  return {
    learner,
    lead,
    stranger,
    teamId: team?.id as string,
    courseId,
    upload: activityIds[0] as string,
    pdf: activityIds[1] as string,
  };
}

describe('hand-ins', () => {
  it('stores the file, completes the activity and the course, and counts a replayed completion id once', async () => {
    const { learner, courseId, upload } = await setUp();
    const before = storedHandIns().length;
    const completionId = randomUUID();
    const sent = await t.call('POST', lp.handIn(courseId, upload), {
      token: learner.token,
      form: handInForm(completionId, { name: 'Report.pdf', body: PDF }),
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.message).toBe(m.handedIn);
    expect(sent.body.results).toMatchObject({ activityId: upload, lessonDone: true, courseCompleted: true });
    const [row] = await t.db.select().from(handIns).where(eq(handIns.id, completionId));
    expect(row).toMatchObject({
      userId: learner.id,
      activityId: upload,
      fileName: 'Report.pdf',
      fileType: 'application/pdf',
    });
    expect(
      await t.db.select().from(activityCompletions).where(eq(activityCompletions.id, completionId)),
    ).toHaveLength(1);
    expect(storedHandIns().length).toBe(before + 1);

    const replay = await t.call('POST', lp.handIn(courseId, upload), {
      token: learner.token,
      form: handInForm(completionId, { name: 'Other.pdf', body: `${PDF} ` }),
    });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(sent.body);
    expect(await t.db.select().from(handIns).where(eq(handIns.userId, learner.id))).toHaveLength(1);
    expect(storedHandIns().length).toBe(before + 1);

    const player = await learnerCalls(t, learner.token).course(courseId);
    const activity = player.body.results.outline[0].activities[0];
    expect(activity).toMatchObject({
      _id: upload,
      done: true,
      handIn: { _id: completionId, name: 'Report.pdf' },
    });
    const file = await t.call('GET', activity.handIn.url);
    expect(file.status).toBe(200);
    expect(file.text).toBe(PDF);
  });

  it('opens a hand-in for its learner and the leads of their teams only, and lists it on the lead’s transcript', async () => {
    const { learner, lead, stranger, teamId, courseId, upload } = await setUp();
    const completionId = randomUUID();
    await t.call('POST', lp.handIn(courseId, upload), {
      token: learner.token,
      form: handInForm(completionId, { name: 'Mine.pdf', body: PDF }),
    });
    for (const token of [learner.token, lead.token]) {
      const response = await t.call('GET', lp.handInFile(completionId), { token });
      expect(response.status, response.text).toBe(200);
      expect(response.body.results).toMatchObject({
        _id: completionId,
        name: 'Mine.pdf',
        type: 'application/pdf',
      });
      expect((await t.call('GET', response.body.results.url)).text).toBe(PDF);
    }
    const refused = await t.call('GET', lp.handInFile(completionId), { token: stranger.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.forbidden);
    const unknown = await t.call('GET', lp.handInFile(randomUUID()), { token: learner.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(m.handInNotFound);
    expect((await t.call('GET', lp.handInFile(completionId))).status).toBe(401);

    const transcript = await t.call('GET', paths.memberTranscript(teamId, learner.id), { token: lead.token });
    expect(transcript.status, transcript.text).toBe(200);
    const entry = (transcript.body.results as TranscriptEntry[]).find((item) => item._id === courseId);
    expect(entry?.handIns).toEqual([
      { _id: completionId, name: 'Mine.pdf', url: expect.stringContaining('/files/') },
    ]);
  });

  it('refuses a hand-in to other activities, without a file, of a program, or with a bad completion id', async () => {
    const { learner, courseId, upload, pdf } = await setUp();
    const before = storedHandIns().length;
    const call = (activityId: string, form: FormData) =>
      t.call('POST', lp.handIn(courseId, activityId), { token: learner.token, form });
    const notHandIn = await call(pdf, handInForm(randomUUID(), { name: 'a.pdf', body: PDF }));
    expect(notHandIn.status).toBe(422);
    expect(notHandIn.body.message).toBe(m.notHandIn);
    const noFile = await call(upload, handInForm(randomUUID(), null));
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors).toEqual({ file: m.handInFileRequired });
    const program = await call(
      upload,
      handInForm(randomUUID(), { name: 'setup.exe', body: 'MZ', type: 'application/octet-stream' }),
    );
    expect(program.status).toBe(422);
    expect(program.body.errors.file).toBeDefined();
    const badId = await call(upload, handInForm('nope', { name: 'a.pdf', body: PDF }));
    expect(badId.status).toBe(422);
    expect(badId.body.errors).toEqual({ completionId: m.completionIdInvalid });
    const elsewhere = await newLesson(t, [{ type: 'fileUpload' }]);
    const notInCourse = await call(
      elsewhere.activityIds[0] as string,
      handInForm(randomUUID(), { name: 'a.pdf', body: PDF }),
    );
    expect(notInCourse.status).toBe(404);
    expect(await t.db.select().from(handIns).where(eq(handIns.userId, learner.id))).toEqual([]);
    expect(storedHandIns().length).toBe(before);
  });

  it('takes only the kinds people hand in, judged by the name as it will be served', async () => {
    const { learner, courseId, upload } = await setUp({ keepOpen: true });
    const before = storedHandIns().length;
    const call = (name: string, body = 'some text\n') =>
      t.call('POST', lp.handIn(courseId, upload), {
        token: learner.token,
        form: handInForm(randomUUID(), { name, body, type: 'application/octet-stream' }),
      });
    for (const name of [
      'page.hta',
      'script.js',
      'job.wsf',
      'shortcut.lnk',
      'macro.vbe',
      'encoded.jse',
      'settings.reg',
      'package.msix',
      'panel.cpl',
      'info.pif',
      'run.bat.',
      'run.bat ',
      'no-extension',
    ]) {
      const refused = await call(name);
      expect(refused.status, name).toBe(422);
      expect(refused.body.errors, name).toEqual({ file: fileMessages.wrongType('handIn') });
    }
    expect(await t.db.select().from(handIns).where(eq(handIns.userId, learner.id))).toEqual([]);
    expect(storedHandIns().length).toBe(before);

    for (const [name, body] of [
      ['Essay.DOCX', 'a document'],
      ['budget.xlsx', 'a spreadsheet'],
      ['talk.pptx', 'slides'],
      ['photo.jpg', 'an image'],
      ['voice.m4a', 'audio'],
      ['clip.mp4', 'video'],
      ['work.zip', 'an archive'],
      ['notes.txt', 'plain text'],
      ['report.pdf', PDF],
    ] as const) {
      const accepted = await call(name, body);
      expect(accepted.status, `${name}: ${accepted.text}`).toBe(200);
      const rows = await t.db
        .select()
        .from(handIns)
        .where(and(eq(handIns.userId, learner.id), eq(handIns.fileName, name)));
      expect(rows, name).toHaveLength(1);
    }
  });

  it('replaces the learner’s earlier hand-in of the activity in the round, its file deleted', async () => {
    const { learner, courseId, upload } = await setUp({ keepOpen: true });
    const before = storedHandIns().length;
    const send = (name: string) =>
      t.call('POST', lp.handIn(courseId, upload), {
        token: learner.token,
        form: handInForm(randomUUID(), { name, body: PDF }),
      });
    expect((await send('first.pdf')).status).toBe(200);
    const [first] = await t.db.select().from(handIns).where(eq(handIns.userId, learner.id));
    expect(storedHandIns().length).toBe(before + 1);

    const second = await send('second.pdf');
    expect(second.status, second.text).toBe(200);
    const rows = await t.db.select().from(handIns).where(eq(handIns.userId, learner.id));
    expect(rows.map((row) => row.fileName)).toEqual(['second.pdf']);
    expect(storedHandIns()).not.toContain(first?.fileKey.split('/').pop());
    expect(storedHandIns().length).toBe(before + 1);
    const player = await learnerCalls(t, learner.token).course(courseId);
    expect(player.body.results.outline[0].activities[0].handIn).toMatchObject({ name: 'second.pdf' });
  });

  it('refuses a hand-in past the learner’s total of stored hand-ins with 413, keeping nothing', async () => {
    const { learner, courseId, upload } = await setUp({ keepOpen: true });
    const other = await newLesson(t, [{ type: 'fileUpload' }]);
    // Earlier hand-ins elsewhere fill all but a few bytes of the learner's room.
    await t.db.insert(handIns).values({
      id: randomUUID(),
      userId: learner.id,
      activityId: other.activityIds[0] as string,
      fileKey: 'hand-ins/aaaaaaaaaaaaaaaaaaaaaa.pdf',
      fileName: 'big.pdf',
      fileType: 'application/pdf',
      fileSize: HAND_IN_TOTAL_BYTES - 10,
      handedInAt: new Date(),
    });
    const before = storedHandIns().length;
    const completionId = randomUUID();
    const refused = await t.call('POST', lp.handIn(courseId, upload), {
      token: learner.token,
      form: handInForm(completionId, { name: 'more.pdf', body: PDF }),
    });
    expect(refused.status, refused.text).toBe(413);
    expect(refused.body).toMatchObject({
      message: messages.payloadTooLarge,
      errors: { file: fileMessages.handInsFull },
    });
    expect(
      (await t.db.select().from(handIns).where(eq(handIns.userId, learner.id))).map((r) => r.fileName),
    ).toEqual(['big.pdf']);
    expect(
      await t.db.select().from(activityCompletions).where(eq(activityCompletions.userId, learner.id)),
    ).toEqual([]);
    expect(storedHandIns().length).toBe(before);
  });
});
