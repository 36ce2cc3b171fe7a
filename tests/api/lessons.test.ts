import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../contract/admin-list.ts';
import { fileMessages } from '../../contract/files.ts';
import { activityMessages as am } from '../../contract/lessons/activities.ts';
import {
  type LessonActivity,
  type LessonDetail,
  type LessonRow,
  lessonPaths as p,
} from '../../contract/lessons/resource.ts';
import { lessonMessages } from '../../contract/lessons/schemas.ts';
import { messages } from '../../contract/messages.ts';
import { API_BASE } from '../../contract/paths.ts';
import { storedZip, tinyHtmlPackage, tinyPdf, tinyPptx, tinyWav } from '../e2e/support/lesson-files.ts';
import { storedKeys } from './files-env.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

// What is special to lessons and their activities; the shared list, status, bulk, 404, 409 and
// 422 behaviour is in conformance.test.ts.

let t: TestContext;
let admin: string;
let lead: string;
let root: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  lead = await t.login(demo.lead.email, demo.lead.password);
  if (t.config.files.kind !== 'disk') throw new Error('These tests read the store on disk');
  root = t.config.files.root;
});
afterAll(() => t.close());

const createLesson = async (name = `Lesson ${Math.random().toString(36).slice(2)}`) => {
  const response = await t.call('POST', p.list, { token: admin, body: { name, description: 'About it.' } });
  expect(response.status, response.text).toBe(201);
  return response.body.results as LessonDetail;
};

type Part = string | { bytes: Buffer; name: string };
const form = (parts: Record<string, Part>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(parts))
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([new Uint8Array(value.bytes)]), value.name);
  return data;
};
const addActivity = (parts: Record<string, Part>, token = admin) =>
  t.call('POST', p.activity, { token, form: form(parts) });
const added = async (parts: Record<string, Part>) => {
  const response = await addActivity(parts);
  expect(response.status, response.text).toBe(201);
  return response.body.results as LessonActivity;
};
const listActivities = async (lessonId: string) =>
  (await t.call('GET', p.activities(lessonId), { token: admin })).body.results as LessonActivity[];
const fetchUrl = (url: string) => t.app.request(url);

describe('lessons', () => {
  it('creates, reads, updates with its version and lists with the activity count', async () => {
    const lesson = await createLesson('Forklift basics');
    expect(lesson).toMatchObject({ name: 'Forklift basics', description: 'About it.', activityCount: 0 });
    const read = await t.call('GET', p.one(lesson._id), { token: admin });
    expect(read.body).toMatchObject({ message: adminMessages.fetched, results: { _id: lesson._id } });

    const updated = await t.call('PATCH', p.one(lesson._id), {
      token: admin,
      body: { name: 'Forklift basics 2', description: '', version: lesson.version },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.results).toMatchObject({ name: 'Forklift basics 2', version: lesson.version + 1 });
    const stale = await t.call('PATCH', p.one(lesson._id), {
      token: admin,
      body: { name: 'Lost', version: lesson.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.results.name).toBe('Forklift basics 2');

    await added({
      lessonId: lesson._id,
      title: 'Embed',
      activityType: 'customEmbed',
      customEmbed: '<p>Hi</p>',
    });
    const list = await t.call('GET', `${p.list}?search=Forklift basics 2`, { token: admin });
    const row = (list.body.results.data as LessonRow[]).find((item) => item._id === lesson._id);
    expect(row?.activityCount).toBe(1);
  });

  it('refuses a lesson without a name', async () => {
    const response = await t.call('POST', p.list, { token: admin, body: { name: ' ' } });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ name: lessonMessages.nameRequired });
  });

  it('refuses a role without lessons rights every lesson and activity route', async () => {
    const lesson = await createLesson();
    const calls = [
      t.call('GET', p.list, { token: lead }),
      t.call('GET', p.one(lesson._id), { token: lead }),
      t.call('GET', p.activities(lesson._id), { token: lead }),
      t.call('POST', p.duplicate(lesson._id), { token: lead }),
      addActivity({ lessonId: lesson._id, title: 'x', activityType: 'customEmbed', customEmbed: 'x' }, lead),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(403);
    expect(await listActivities(lesson._id)).toEqual([]);
  });
});

describe('activity messages and type rules', () => {
  let lessonId: string;
  beforeAll(async () => {
    lessonId = (await createLesson())._id;
  });

  it('answers the six Activity messages of the spec', async () => {
    const empty = await addActivity({ lessonId });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({ title: am.title, activityType: am.activityType });
    const video = await addActivity({ lessonId, title: 'V', activityType: 'videoPlayer' });
    expect(video.body.errors).toEqual({ videoType: am.videoType });
    const hosted = await addActivity({
      lessonId,
      title: 'V',
      activityType: 'videoPlayer',
      videoType: 'vimeo',
    });
    expect(hosted.body.errors).toEqual({ url: am.url });
    const embed = await addActivity({ lessonId, title: 'E', activityType: 'customEmbed' });
    expect(embed.body.errors).toEqual({ customEmbed: am.customEmbed });
    for (const activityType of ['audioPlayer', 'pdfDocument', 'powerpoint']) {
      const noFile = await addActivity({ lessonId, title: 'F', activityType });
      expect(noFile.status).toBe(422);
      expect(noFile.body.errors).toEqual({ contentFile: am.contentFile });
    }
    const mp4 = await addActivity({ lessonId, title: 'V', activityType: 'videoPlayer', videoType: 'mp4' });
    expect(mp4.body.errors).toEqual({ contentFile: am.contentFile });
    expect(await listActivities(lessonId)).toEqual([]);
  });

  it('checks the host of youtube, vimeo and facebook links', async () => {
    const cases = [
      ['youtube', 'https://vimeo.com/1', false],
      ['youtube', 'https://youtu.be/abc', true],
      ['youtube', 'https://www.youtube.com/watch?v=abc', true],
      ['youtube', 'https://youtube.com.evil.test/watch', false],
      ['vimeo', 'https://player.vimeo.com/video/1', true],
      ['vimeo', 'http://vimeo.com/1', false],
      ['facebook', 'https://www.facebook.com/watch/?v=1', true],
      ['facebook', 'https://youtube.com/x', false],
    ] as const;
    for (const [videoType, url, ok] of cases) {
      const response = await addActivity({
        lessonId,
        title: 'V',
        activityType: 'videoPlayer',
        videoType,
        url,
      });
      if (ok) expect(response.status, url).toBe(201);
      else expect(response.body.errors, url).toEqual({ url: am.urlHost[videoType] });
    }
  });

  it('refuses a file of the wrong type with 422 and keeps nothing', async () => {
    const before = storedKeys(root);
    const wrong = await addActivity({
      lessonId,
      title: 'Audio',
      activityType: 'audioPlayer',
      contentFile: { bytes: tinyPdf(), name: 'song.mp3' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ contentFile: fileMessages.wrongType('audio') });
    const preview = await addActivity({
      lessonId,
      title: 'Slides',
      activityType: 'powerpoint',
      contentFile: { bytes: tinyPptx(), name: 'slides.pptx' },
      previewFile: { bytes: tinyWav(), name: 'slides.pdf' },
    });
    expect(preview.status).toBe(422);
    expect(preview.body.errors).toEqual({ previewFile: fileMessages.wrongType('pdf') });
    expect(storedKeys(root)).toEqual(before);
  });

  it('refuses a file larger than its kind takes with 413 and keeps nothing', async () => {
    const before = storedKeys(root);
    const big = Buffer.alloc(100 * 1024 ** 2 + 1);
    tinyPdf().copy(big);
    const response = await addActivity({
      lessonId,
      title: 'Big',
      activityType: 'pdfDocument',
      contentFile: { bytes: big, name: 'big.pdf' },
    });
    expect(response.status).toBe(413);
    expect(response.body.errors).toEqual({ contentFile: fileMessages.tooLarge('pdf') });
    expect(storedKeys(root)).toEqual(before);
  });

  it('refuses text fields after a file and deletes what was streamed', async () => {
    const before = storedKeys(root);
    const data = new FormData();
    data.append('lessonId', lessonId);
    data.append('title', 'Doc');
    data.append('activityType', 'pdfDocument');
    data.append('contentFile', new Blob([new Uint8Array(tinyPdf())]), 'doc.pdf');
    data.append('required', 'true');
    const response = await t.call('POST', p.activity, { token: admin, form: data });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ required: am.fieldsFirst });
    expect(storedKeys(root)).toEqual(before);
    const json = await t.call('POST', p.activity, { token: admin, body: { lessonId } });
    expect(json.status).toBe(422);
    expect(json.body.message).toBe(am.notMultipart);
  });

  it('refuses an unknown lesson and keeps nothing', async () => {
    const before = storedKeys(root);
    const response = await addActivity({
      lessonId: crypto.randomUUID(),
      title: 'Doc',
      activityType: 'pdfDocument',
      contentFile: { bytes: tinyPdf(), name: 'doc.pdf' },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ lessonId: am.lessonNotFound });
    expect(storedKeys(root)).toEqual(before);
  });
});

describe('activities', () => {
  it('stores each type, serves its files and embed, replaces and deletes files', async () => {
    const lesson = await createLesson();
    const lessonId = lesson._id;
    const pdf = await added({
      lessonId,
      title: 'Handbook',
      activityType: 'pdfDocument',
      required: 'true',
      contentFile: { bytes: tinyPdf(), name: 'handbook.pdf' },
    });
    expect(pdf).toMatchObject({
      position: 1,
      required: true,
      file: { name: 'handbook.pdf', type: 'application/pdf' },
    });
    const served = await fetchUrl(pdf.file?.url ?? '');
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(tinyPdf())).toBe(true);

    const slides = await added({
      lessonId,
      title: 'Slides',
      activityType: 'powerpoint',
      contentFile: { bytes: tinyPptx(), name: 'slides.pptx' },
      previewFile: { bytes: tinyPdf(1), name: 'slides.pdf' },
    });
    expect(slides.previewFile).toMatchObject({ name: 'slides.pdf', type: 'application/pdf' });
    const audio = await added({
      lessonId,
      title: 'Tone',
      activityType: 'audioPlayer',
      contentFile: { bytes: tinyWav(), name: 'tone.wav' },
    });
    expect(audio.file?.type).toMatch(/^audio\//);
    const handIn = await added({ lessonId, title: 'Hand in', activityType: 'fileUpload' });
    expect(handIn.file).toBeNull();
    const pack = await added({
      lessonId,
      title: 'Package',
      activityType: 'interactiveContent',
      contentFile: { bytes: tinyHtmlPackage(), name: 'package.zip' },
    });
    expect(pack.embedUrl).toMatch(new RegExp(`^${API_BASE}/lesson/embed/${pack._id}/\\d+/[0-9a-f]{64}/$`));
    const index = await fetchUrl(pack.embedUrl ?? '');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toBe(
      'sandbox allow-scripts allow-forms allow-popups',
    );
    expect(await index.text()).toContain('Interactive package');
    const linked = await added({
      lessonId,
      title: 'Linked',
      activityType: 'interactiveContent',
      url: 'https://example.com/course',
    });
    expect(linked).toMatchObject({ url: 'https://example.com/course', embedUrl: null, file: null });

    expect((await listActivities(lessonId)).map((activity) => activity.title)).toEqual([
      'Handbook',
      'Slides',
      'Tone',
      'Hand in',
      'Package',
      'Linked',
    ]);

    // Replacing the PDF: the old file goes, the new one is served; without a file part it stays.
    const keysBefore = storedKeys(root);
    const replaced = await t.call('PATCH', p.updateActivity(pdf._id), {
      token: admin,
      form: form({
        title: 'Handbook 2',
        activityType: 'pdfDocument',
        required: 'true',
        version: String(pdf.version),
        contentFile: { bytes: tinyPdf(3), name: 'handbook-2.pdf' },
      }),
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.results.file.name).toBe('handbook-2.pdf');
    expect(storedKeys(root).length).toBe(keysBefore.length);
    expect(storedKeys(root)).not.toEqual(keysBefore);
    const kept = await t.call('PATCH', p.updateActivity(pdf._id), {
      token: admin,
      form: form({ title: 'Handbook 3', activityType: 'pdfDocument', version: String(pdf.version + 1) }),
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.results).toMatchObject({
      title: 'Handbook 3',
      required: false,
      file: { name: 'handbook-2.pdf' },
    });
    const stale = await t.call('PATCH', p.updateActivity(pdf._id), {
      token: admin,
      form: form({ title: 'Late', activityType: 'pdfDocument', version: String(pdf.version) }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.results.title).toBe('Handbook 3');

    // Require toggle
    const flipped = await t.call('POST', p.requireActivity(handIn._id), { token: admin });
    expect(flipped.body.results.required).toBe(true);

    // Reorder: every activity once, else 422.
    const ids = (await listActivities(lessonId)).map((activity) => activity._id);
    const bad = await t.call('POST', p.activityOrder, {
      token: admin,
      body: { lessonId, activityIds: ids.slice(1) },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ activityIds: am.orderMismatch });
    const twice = await t.call('POST', p.activityOrder, {
      token: admin,
      body: { lessonId, activityIds: [...ids.slice(1), ids[1]] },
    });
    expect(twice.status).toBe(422);
    const reordered = await t.call('POST', p.activityOrder, {
      token: admin,
      body: { lessonId, activityIds: [...ids].reverse() },
    });
    expect(reordered.status).toBe(200);
    expect((reordered.body.results as LessonActivity[]).map((activity) => activity._id)).toEqual(
      [...ids].reverse(),
    );

    // Duplicate: own copies of the files; deleting the source keeps the copy's files working.
    const copy = await t.call('POST', p.duplicate(lessonId), { token: admin });
    expect(copy.status).toBe(201);
    expect(copy.body.results).toMatchObject({ name: `${lesson.name} (copy)`, activityCount: 6 });
    const copied = await listActivities(copy.body.results._id);
    expect(copied.map((activity) => activity.title)).toEqual(
      (await listActivities(lessonId)).map((activity) => activity.title),
    );

    // Deleting an activity deletes its files.
    const beforeDelete = storedKeys(root).length;
    const deleted = await t.call('DELETE', p.deleteActivity(audio._id), { token: admin });
    expect(deleted.status).toBe(200);
    expect(storedKeys(root).length).toBe(beforeDelete - 1);

    const bulk = await t.call('DELETE', p.bulkDelete, { token: admin, body: { bulkId: [lessonId] } });
    expect(bulk.status).toBe(200);
    const copyPack = copied.find((activity) => activity.title === 'Package');
    const copyPdf = copied.find((activity) => activity.title === 'Handbook 3');
    expect((await fetchUrl(copyPdf?.file?.url ?? '')).status).toBe(200);
    expect(await (await fetchUrl(copyPack?.embedUrl ?? '')).text()).toContain('Interactive package');
    // Only the copy's files are left (PDF, PowerPoint with its preview, audio, package with its index).
    expect(storedKeys(root).length).toBe(6);
  });

  it('refuses a package without an index.html or with an H5P manifest only', async () => {
    const lessonId = (await createLesson())._id;
    const before = storedKeys(root);
    const h5p = await addActivity({
      lessonId,
      title: 'H5P',
      activityType: 'interactiveContent',
      contentFile: { bytes: storedZip({ 'h5p.json': '{}' }), name: 'quiz.h5p' },
    });
    expect(h5p.status).toBe(422);
    expect(h5p.body.errors).toEqual({ contentFile: am.packageH5p });
    const notZip = await addActivity({
      lessonId,
      title: 'Not a zip',
      activityType: 'interactiveContent',
      contentFile: { bytes: tinyPdf(), name: 'doc.zip' },
    });
    expect(notZip.body.errors).toEqual({ contentFile: am.packageType });
    expect(storedKeys(root)).toEqual(before);
  });

  it('serves a custom embed sandboxed and refuses expired or tampered links', async () => {
    const lessonId = (await createLesson())._id;
    const embed = await added({
      lessonId,
      title: 'Embed',
      activityType: 'customEmbed',
      customEmbed: '<p id="x">Hello</p>',
    });
    const url = embed.embedUrl ?? '';
    const ok = await fetchUrl(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toBe('sandbox allow-scripts allow-forms allow-popups');
    expect(await ok.text()).toContain('<p id="x">Hello</p>');

    const [, expires, signature] = /\/(\d+)\/([0-9a-f]{64})\/$/.exec(url) ?? [];
    const tampered = url.replace(
      signature ?? '',
      `${signature?.slice(0, 63)}${signature?.endsWith('0') ? '1' : '0'}`,
    );
    expect((await fetchUrl(tampered)).status).toBe(403);
    const later = url.replace(`/${expires}/`, `/${Number(expires) + 60}/`);
    const moved = await fetchUrl(later);
    expect(moved.status).toBe(403);
    expect((await moved.json()).message).toBe(fileMessages.linkInvalid);
    const other = await added({ lessonId, title: 'Other', activityType: 'customEmbed', customEmbed: 'x' });
    expect((await fetchUrl(url.replace(embed._id, other._id))).status).toBe(403);
  });

  it('takes uploads past the 1 MB body limit and answers a repeated Idempotency-Key once', async () => {
    const lessonId = (await createLesson())._id;
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(3 * 1024 ** 2)]);
    const data = form({
      lessonId,
      title: 'Large handbook',
      activityType: 'pdfDocument',
      contentFile: { bytes: big, name: 'large.pdf' },
    });
    const headers = { 'Idempotency-Key': `lesson-upload-${lessonId}` };
    const first = await t.call('POST', p.activity, { token: admin, form: data, headers });
    expect(first.status, first.text).toBe(201);
    expect(first.body.results.file.size).toBe(big.length);
    const before = storedKeys(root);
    const again = await t.call('POST', p.activity, { token: admin, form: data, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body.results._id).toBe(first.body.results._id);
    expect(await listActivities(lessonId)).toHaveLength(1);
    expect(storedKeys(root)).toEqual(before);
  });

  it('answers 404 for activities that do not exist', async () => {
    const id = crypto.randomUUID();
    expect((await t.call('DELETE', p.deleteActivity(id), { token: admin })).status).toBe(404);
    expect((await t.call('POST', p.requireActivity(id), { token: admin })).status).toBe(404);
    expect((await t.call('GET', p.activities(id), { token: admin })).status).toBe(404);
    expect(messages.notFound).toBeTruthy();
  });
});
