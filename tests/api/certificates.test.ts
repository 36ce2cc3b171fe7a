import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type CertificateCheck,
  certificateMessages as cm,
  certificatePaths as cp,
} from '../../contract/certificates.ts';
import { courseMessages, coursePaths } from '../../contract/courses/resource.ts';
import { learningPaths } from '../../contract/learning/resource.ts';
import { messages } from '../../contract/messages.ts';
import { API_BASE, paths } from '../../contract/paths.ts';
import { queryRows } from '../../server/db/rows.ts';
import { certificates } from '../../server/db/schema/certificates.ts';
import { courseCompletions, courses } from '../../server/db/schema/courses.ts';
import { teamMembers } from '../../server/db/schema/teams.ts';
import { users } from '../../server/db/schema/users.ts';
import { createCategory, createCourse } from './course-fixtures.ts';
import { APP_URL, createTestContext, demo, type TestContext } from './helpers.ts';
import { assign, newCourse, newLearner } from './learning-fixtures.ts';
import { pdfText } from './pdf-text.ts';
import { createPersonas, type Personas } from './personas.ts';

let t: TestContext;
let personas: Personas;
let [admin, lead, otherLead] = ['', '', ''];
beforeAll(async () => {
  t = await createTestContext();
  personas = await createPersonas(t.db);
  admin = await t.login(demo.admin.email, demo.admin.password);
  lead = await t.login(demo.lead.email, demo.lead.password);
  otherLead = await t.login(demo.lead2.email, demo.lead2.password);
});
afterEach(() => t.setNow());
afterAll(() => t.close());

/** The PDF as a client downloads it: status, type and bytes. */
async function download(token: string | undefined, userId: string, courseId: string) {
  const response = await t.app.request(`${API_BASE}${cp.download(userId, courseId)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type'), bytes, response };
}

const verify = (code: string) => t.call('GET', cp.verify(code));

async function completedLearner({
  gives = true,
  completedAt = '2026-03-10T09:30:00.000Z',
}: {
  gives?: boolean;
  completedAt?: string;
} = {}) {
  const learner = await newLearner(t);
  await t.db.update(users).set({ firstName: 'Ada', lastName: 'Lovelace' }).where(eq(users.id, learner.id));
  const courseId = await newCourse(t, {
    name: `Forklift Safety ${learner.id.slice(0, 6)}`,
    givesCertificate: gives,
  });
  await t.db
    .insert(courseCompletions)
    .values({ userId: learner.id, courseId, completedAt: new Date(completedAt) });
  return { learner, courseId };
}

async function leadsTeamOf(email: string) {
  const [row] = await queryRows<{ team_id: string }>(
    t.db,
    sql`select l.team_id from team_leads l join users u on u.id = l.user_id where u.email = ${email} limit 1`,
  );
  if (!row) throw new Error(`${email} leads no team`);
  return row.team_id;
}

describe('certificates of completion', () => {
  it('gives the learner a PDF with their name, the course, the date, the expiry and a code to check', async () => {
    const { learner, courseId } = await completedLearner();
    const [course] = await t.db.select({ name: courses.name }).from(courses).where(eq(courses.id, courseId));
    const first = await download(learner.token, learner.id, courseId);
    expect(first.status).toBe(200);
    expect(first.type).toBe('application/pdf');
    expect(first.response.headers.get('content-disposition')).toContain('attachment');
    const text = await pdfText(first.bytes);
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain(course?.name);
    expect(text).toContain('Completed on 10 March 2026');
    expect(text).toContain('Does not expire');

    const player = await t.call('GET', learningPaths.course(courseId), { token: learner.token });
    expect(player.body.results).toMatchObject({ givesCertificate: true, progress: { state: 'completed' } });

    const [row] = await t.db.select().from(certificates).where(eq(certificates.userId, learner.id));
    expect(player.body.results.certificateCode).toBe(row?.code);
    expect(row?.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(text).toContain(`Verification code: ${row?.code}`);
    expect(text).toContain(`${APP_URL}/certificate/${row?.code}`);

    // The same certificate on every download: one row, one code.
    const again = await download(learner.token, learner.id, courseId);
    expect(await pdfText(again.bytes)).toContain(`Verification code: ${row?.code}`);
    expect(await t.db.$count(certificates, eq(certificates.userId, learner.id))).toBe(1);
  });

  it('prints the expiry the assignment gives the completion', async () => {
    const { learner, courseId } = await completedLearner({ completedAt: '2026-01-15T08:00:00.000Z' });
    await assign(t, learner.id, [courseId], { expiryType: 'fixed', expiryDate: '2026-12-31' });
    const pdf = await download(learner.token, learner.id, courseId);
    expect(pdf.status).toBe(200);
    expect(await pdfText(pdf.bytes)).toMatch(/Expires on 3[01] December 2026/);
  });

  it('lets a lead of the learner’s team and an administrator who may view users or manage teams download it; no one else', async () => {
    const { learner, courseId } = await completedLearner();
    await t.db.insert(teamMembers).values({ teamId: await leadsTeamOf(demo.lead.email), userId: learner.id });

    const teamId = await leadsTeamOf(demo.lead.email);
    await assign(t, learner.id, [courseId]);
    const transcript = await t.call('GET', paths.memberTranscript(teamId, learner.id), { token: lead });
    expect(transcript.status, transcript.text).toBe(200);
    expect(transcript.body.results).toContainEqual(
      expect.objectContaining({ _id: courseId, certificate: true }),
    );
    expect((await download(lead, learner.id, courseId)).status).toBe(200);
    expect((await download(admin, learner.id, courseId)).status).toBe(200);
    // One who manages teams reads the member's Transcript, so the certificate it offers too.
    const teamsAdmin = await personas.adminWithout({
      module: 'user-management',
      submodule: 'users',
      actions: ['view'],
    });
    expect((await download(teamsAdmin, learner.id, courseId)).status).toBe(200);

    const stranger = await newLearner(t);
    const refusals = [
      await download(stranger.token, learner.id, courseId),
      await download(otherLead, learner.id, courseId),
      await download(
        await personas.adminWithout([
          { module: 'user-management', submodule: 'users', actions: ['view'] },
          { module: 'user-management', submodule: 'users-team', actions: ['view'] },
        ]),
        learner.id,
        courseId,
      ),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(404);
      expect(JSON.parse(new TextDecoder().decode(refused.bytes)).message).toBe(messages.notFound);
    }
    expect((await download(undefined, learner.id, courseId)).status).toBe(401);
    // Refused calls made no certificate; the allowed ones share one.
    expect(await t.db.$count(certificates, eq(certificates.userId, learner.id))).toBe(1);
  });

  it('answers 404 for a course that gives none and for a course the learner never completed', async () => {
    const { learner, courseId } = await completedLearner({ gives: false });
    const player = await t.call('GET', learningPaths.course(courseId), { token: learner.token });
    expect(player.body.results).toMatchObject({ givesCertificate: false, certificateCode: null });
    const none = await download(learner.token, learner.id, courseId);
    expect(none.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(none.bytes)).message).toBe(cm.noCertificate);

    const open = await newCourse(t, { givesCertificate: true });
    const notYet = await download(learner.token, learner.id, open);
    expect(notYet.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(notYet.bytes)).message).toBe(cm.notCompleted);
    expect(await t.db.$count(certificates, eq(certificates.userId, learner.id))).toBe(0);
  });
});

describe('the public check of a certificate', () => {
  it('answers what the certificate shows, without signing in, whatever case the code is typed in', async () => {
    const { learner, courseId } = await completedLearner();
    expect((await download(learner.token, learner.id, courseId)).status).toBe(200);
    const [row] = await t.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.userId, learner.id), eq(certificates.courseId, courseId)));
    const code = row?.code as string;

    const checked = await verify(` ${code.toLowerCase()} `.trim());
    expect(checked.status).toBe(200);
    expect(checked.body.message).toBe(cm.verified);
    expect(checked.body.results).toEqual({
      code,
      learnerName: 'Ada Lovelace',
      courseName: row?.courseName as string,
      completedAt: '2026-03-10T09:30:00.000Z',
      expiresAt: null,
      status: 'valid',
    } satisfies CertificateCheck);
  });

  it('says a certificate whose expiry passed is expired', async () => {
    const { learner, courseId } = await completedLearner({ completedAt: '2026-01-15T08:00:00.000Z' });
    await assign(t, learner.id, [courseId], { expiryType: 'fixed', expiryDate: '2026-06-30' });
    t.setNow(new Date('2026-02-01T00:00:00.000Z'));
    expect((await download(learner.token, learner.id, courseId)).status).toBe(200);
    const [row] = await t.db.select().from(certificates).where(eq(certificates.userId, learner.id));
    expect((await verify(row?.code as string)).body.results.status).toBe('valid');
    t.setNow(new Date('2026-08-01T00:00:00.000Z'));
    const later = await verify(row?.code as string);
    expect(later.body.results.status).toBe('expired');
    expect(later.body.results.expiresAt).toMatch(/^2026-06-30/);
  });

  it('answers 404 for an unknown or malformed code', async () => {
    for (const code of ['ABCD-EFGH-JKMN-PQRS', 'not-a-code', 'x'.repeat(300)]) {
      const answer = await verify(code);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: cm.unknownCode });
    }
  });
});

describe('the course form’s certificate option', () => {
  it('is stored, kept by an update that leaves it out, and refused when not true or false', async () => {
    const category = await createCategory(t, admin, `Certificates ${Date.now().toString(36)}`);
    const base = { courseCategoryId: category, permission: 'none' };
    const course = await createCourse(t, admin, { ...base, name: 'Certified', givesCertificate: true });
    expect(course.givesCertificate).toBe(true);

    const renamed = await t.call('PATCH', coursePaths.one(course._id), {
      token: admin,
      body: { ...base, name: 'Certified renamed', version: course.version },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.results).toMatchObject({ name: 'Certified renamed', givesCertificate: true });

    const before = await t.db.$count(courses);
    const refused = await t.call('POST', coursePaths.list, {
      token: admin,
      body: { ...base, name: 'Not certified', givesCertificate: 'yes' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ givesCertificate: courseMessages.givesCertificateInvalid });
    expect(await t.db.$count(courses)).toBe(before);

    const plain = await createCourse(t, admin, { ...base, name: 'Uncertified' });
    expect(plain.givesCertificate).toBe(false);
  });
});
