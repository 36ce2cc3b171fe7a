import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CourseDetail, courseMessages as m, coursePaths as p } from '../../contract/courses/resource.ts';
import { fileMessages } from '../../contract/files.ts';
import { type CatalogueResult, learningPaths, type PlayerCourse } from '../../contract/learning/resource.ts';
import { messages } from '../../contract/messages.ts';
import { courses } from '../../server/db/schema/courses.ts';
import { createCategory, createCourse } from './course-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { createPersonas } from './personas.ts';
import { images } from './team-fixtures.ts';

// A course's image: uploaded through the file store apart from the course's form, shown on the
// catalogue's card and in the player behind signed links, kept by a form save that never sends it.

let t: TestContext;
let admin: string;
let category: string;
const run = Date.now().toString(36);

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  category = await createCategory(t, admin, `Images ${run}`);
});
afterAll(() => t.close());

const upload = (courseId: string, bytes: Buffer, name = 'cover.png', token = admin, field = 'image') => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  return t.call('POST', p.image(courseId), { token, form });
};

const storedKey = async (courseId: string) =>
  (await t.db.select({ key: courses.imageKey }).from(courses).where(eq(courses.id, courseId)))[0]?.key ??
  null;
const onDisk = (key: string) => existsSync(join(t.config.dataDir, 'files', key));

describe('a course image', () => {
  it('is stored from its bytes, served by a signed link, kept by a form save and replaced or removed', async () => {
    const course = await createCourse(t, admin, { name: `Pictured ${run}`, courseCategoryId: category });
    expect(course.imageUrl).toBeNull();

    const uploaded = await upload(course._id, images.png);
    expect(uploaded.status, uploaded.text).toBe(200);
    expect(uploaded.body.message).toBe(m.imageUpdated);
    const url = (uploaded.body.results as CourseDetail).imageUrl as string;
    expect(url).toMatch(/^\/api\/v1\/files\/course-images\/[A-Za-z0-9_-]{22}\.png\?/);
    const served = await t.app.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(images.png));
    const first = (await storedKey(course._id)) as string;
    expect(onDisk(first)).toBe(true);

    // The form never sends the image: a save keeps it.
    const saved = await t.call('PATCH', p.one(course._id), {
      token: admin,
      body: {
        name: `Pictured again ${run}`,
        courseCategoryId: category,
        permission: 'none',
        version: course.version,
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await storedKey(course._id)).toBe(first);
    expect((saved.body.results as CourseDetail).imageUrl).toMatch(/course-images/);

    // A new image replaces the old one, whose file goes.
    expect((await upload(course._id, images.jpeg, 'cover.jpg')).status).toBe(200);
    const second = (await storedKey(course._id)) as string;
    expect(second).toMatch(/\.jpg$/);
    expect(onDisk(first)).toBe(false);

    const removed = await t.call('DELETE', p.image(course._id), { token: admin });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.message).toBe(m.imageRemoved);
    expect((removed.body.results as CourseDetail).imageUrl).toBeNull();
    expect(await storedKey(course._id)).toBeNull();
    expect(onDisk(second)).toBe(false);
  });

  it('is shown on the catalogue’s card and in the player', async () => {
    const course = await createCourse(t, admin, { name: `Shown ${run}`, courseCategoryId: category });
    expect((await upload(course._id, images.gif, 'cover.gif')).status).toBe(200);
    const list = await t.call('GET', `${learningPaths.catalogue}?search=${encodeURIComponent(course.name)}`, {
      token: admin,
    });
    const card = (list.body.results as CatalogueResult).data.find((row) => row._id === course._id);
    expect(card?.imageUrl).toMatch(/^\/api\/v1\/files\/course-images\/.+\.gif\?/);
    const player = await t.call('GET', learningPaths.course(course._id), { token: admin });
    const shown = (player.body.results as PlayerCourse).imageUrl as string;
    expect((await t.app.request(shown)).status).toBe(200);
  });

  it('refuses what is not a png, gif or jpeg, a missing part, and callers who may not edit courses; nothing is stored', async () => {
    const course = await createCourse(t, admin, { name: `Refused ${run}`, courseCategoryId: category });
    const notImage = await upload(course._id, images.text, 'cover.png');
    expect(notImage.status).toBe(422);
    expect(notImage.body).toEqual({
      message: messages.validationFailed,
      errors: { image: fileMessages.wrongType('courseImage') },
    });
    const wrongField = await upload(course._id, images.png, 'cover.png', admin, 'file');
    expect(wrongField.status).toBe(422);
    expect(wrongField.body.errors).toEqual({ image: m.imageRequired });
    const json = await t.call('POST', p.image(course._id), { token: admin, body: { image: 'x' } });
    expect(json.status).toBe(422);

    const tooLarge = Buffer.concat([images.png, Buffer.alloc(5 * 1024 ** 2)]);
    const large = await upload(course._id, tooLarge);
    expect(large.status).toBe(413);
    expect(large.body.errors).toEqual({ image: fileMessages.tooLarge('courseImage') });

    const personas = await createPersonas(t.db);
    const viewer = await personas.adminWithout({
      module: 'content-management',
      submodule: 'courses',
      actions: ['edit'],
    });
    expect((await upload(course._id, images.png, 'cover.png', viewer)).status).toBe(403);
    expect((await t.call('DELETE', p.image(course._id), { token: viewer })).status).toBe(403);
    expect((await upload(crypto.randomUUID(), images.png)).status).toBe(404);
    expect(await storedKey(course._id)).toBeNull();
  });

  it('stays with a copied course when the original’s image is replaced', async () => {
    const course = await createCourse(t, admin, { name: `Copied ${run}`, courseCategoryId: category });
    expect((await upload(course._id, images.png)).status).toBe(200);
    const copy = await t.call('POST', p.duplicate(course._id), { token: admin });
    expect(copy.status, copy.text).toBe(201);
    const shared = (await storedKey(course._id)) as string;
    expect(await storedKey(copy.body.results._id)).toBe(shared);
    expect((await t.call('DELETE', p.image(course._id), { token: admin })).status).toBe(200);
    expect(onDisk(shared)).toBe(true);
    expect(
      (
        await t.app.request(
          (
            await t.call('GET', p.one(copy.body.results._id), { token: admin })
          ).body.results.imageUrl,
        )
      ).status,
    ).toBe(200);
  });
});
