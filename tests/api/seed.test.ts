import { readFileSync, rmSync } from 'node:fs';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coursePaths, type OutlineItem } from '../../contract/courses/resource.ts';
import { type LessonActivity, lessonPaths } from '../../contract/lessons/resource.ts';
import { API_BASE, paths } from '../../contract/paths.ts';
import { createApp } from '../../server/app.ts';
import { verifyPassword } from '../../server/auth/password.ts';
import { checklistsCompletedByMember } from '../../server/db/checklist-progress.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/rows.ts';
import { administratorRoles, rolePermissions } from '../../server/db/schema/administrator-roles.ts';
import { sessions } from '../../server/db/schema/auth.ts';
import { checklistRecords, checklists } from '../../server/db/schema/checklists.ts';
import { courseAssignments } from '../../server/db/schema/course-assignments.ts';
import { courseCompletions, courseOutlineItems, courses } from '../../server/db/schema/courses.ts';
import { eventCategories } from '../../server/db/schema/event-categories.ts';
import { eventAttendees, eventSessions, events } from '../../server/db/schema/events.ts';
import { activityCompletions, handIns, quizAttempts } from '../../server/db/schema/learning.ts';
import { lessons } from '../../server/db/schema/lessons.ts';
import { departments, locations, membershipRoles } from '../../server/db/schema/lookups.ts';
import { submodules } from '../../server/db/schema/modules.ts';
import { quizzes } from '../../server/db/schema/quizzes.ts';
import { teamLeads, teamMembers, teams } from '../../server/db/schema/teams.ts';
import { users } from '../../server/db/schema/users.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';
import { DEMO_PACKAGE_COURSE } from '../../server/db/seed-elearning.ts';
import { readConfig } from '../../server/env.ts';
import { createFileStore } from '../../server/files/store.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { demoEventCategories } from '../../server/modules/event-categories/seed.ts';
import { storeSeedFiles } from '../../server/modules/lessons/seed.ts';
import { storeFromEnvironment } from './files-env.ts';
import { demo, openTestDatabase } from './helpers.ts';

// This file migrates and seeds an empty database itself instead of using the helpers' template,
// with a file store as the server does (the template is seeded without one).
const { config: filesConfig, root } = storeFromEnvironment();
const store = createFileStore(filesConfig);
let handle: DatabaseHandle;
let seeded: boolean;
beforeAll(async () => {
  handle = await openDatabase({});
  await handle.migrate();
  seeded = await seedIfEmpty(handle.db, store);
});
afterAll(async () => {
  await handle.close();
  rmSync(root, { recursive: true, force: true });
});

const userByEmail = async (email: string) => {
  const [user] = await handle.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`${email} was not seeded`);
  return user;
};

describe('seedIfEmpty', () => {
  it('seeds an empty database once', async () => {
    expect(seeded).toBe(true);
    const count = await handle.db.$count(users);
    expect(await seedIfEmpty(handle.db)).toBe(false);
    expect(await handle.db.$count(users)).toBe(count);
  });

  it('gives the administrator the built-in role with every permission on every submodule', async () => {
    const admin = await userByEmail('admin@example.com');
    expect(await verifyPassword('admin123', admin.passwordHash)).toBe(true);
    const [role] = await handle.db
      .select()
      .from(administratorRoles)
      .where(eq(administratorRoles.id, admin.administrativeRoleId ?? ''));
    expect(role).toMatchObject({ name: 'Administrator', isSystem: true, status: true });
    const full = await handle.db.$count(
      rolePermissions,
      and(
        eq(rolePermissions.roleId, role?.id ?? ''),
        sql`${rolePermissions.canView} and ${rolePermissions.canAdd} and ${rolePermissions.canEdit} and ${rolePermissions.canDelete} and ${rolePermissions.canPublish}`,
      ),
    );
    expect(full).toBe(await handle.db.$count(submodules));
    expect(await handle.db.$count(submodules)).toBe(16);
  });

  it('makes the lead lead two teams of about 25, the default one being Growth Team', async () => {
    const lead = await userByEmail('lead@example.com');
    expect(await verifyPassword('lead1234', lead.passwordHash)).toBe(true);
    expect(lead.administrativeRoleId).toBeNull();
    const led = await handle.db
      .select({ id: teams.id, title: teams.title })
      .from(teamLeads)
      .innerJoin(teams, eq(teams.id, teamLeads.teamId))
      .where(eq(teamLeads.userId, lead.id));
    expect(led.map((team) => team.title).sort()).toEqual(['Enterprise Team', 'Growth Team']);
    expect(lead.defaultTeamId).toBe(led.find((team) => team.title === 'Growth Team')?.id);
    for (const team of led) {
      expect(await handle.db.$count(teamMembers, eq(teamMembers.teamId, team.id))).toBeGreaterThanOrEqual(20);
    }
  });

  it('makes the second lead lead a third team', async () => {
    const lead2 = await userByEmail('lead2@example.com');
    expect(await verifyPassword('lead1234', lead2.passwordHash)).toBe(true);
    const led = await handle.db.select().from(teamLeads).where(eq(teamLeads.userId, lead2.id));
    expect(led).toHaveLength(1);
    expect(led[0]?.teamId).toBe(lead2.defaultTeamId);
  });

  it('gives members unique emails and no usable password', async () => {
    const members = await handle.db
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(inArray(users.id, handle.db.select({ id: teamMembers.userId }).from(teamMembers)));
    expect(new Set(members.map((member) => member.email)).size).toBe(members.length);
    expect(members.every((member) => !member.passwordHash.startsWith('scrypt$'))).toBe(true);
  });

  it('fills the lookups', async () => {
    expect(await handle.db.$count(locations)).toBeGreaterThanOrEqual(25);
    expect(await handle.db.$count(departments)).toBeGreaterThanOrEqual(25);
    const roles = await handle.db.select({ name: membershipRoles.name }).from(membershipRoles);
    expect(roles.map((role) => role.name.toLowerCase()).sort()).toEqual([
      'empire',
      'enterprise',
      'freedom',
      'growth',
    ]);
  });

  it('keeps emails unique regardless of case', async () => {
    await expect(
      handle.db
        .insert(users)
        .values({ firstName: 'A', lastName: 'B', email: 'ADMIN@example.com', passwordHash: 'x' }),
    ).rejects.toThrow();
  });

  it("gives the lead's teams trainings with courses, some with deadlines and one for chosen members", async () => {
    // Twelve, and the course of the demo's e-learning package, seeded with a file store (record 028).
    expect(await handle.db.$count(courses)).toBe(13);
    expect(await handle.db.$count(courses, eq(courses.name, DEMO_PACKAGE_COURSE))).toBe(1);
    expect(await handle.db.$count(courses, eq(courses.status, false))).toBe(1);
    expect(await handle.db.$count(checklists)).toBe(6);
    const rows = await handle.db
      .select({
        title: teams.title,
        assigneeKind: courseAssignments.assigneeKind,
        deadline: courseAssignments.deadline,
      })
      .from(courseAssignments)
      .innerJoin(teams, eq(teams.id, courseAssignments.teamId));
    for (const title of ['Growth Team', 'Enterprise Team']) {
      const mine = rows.filter((row) => row.title === title);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(mine.length).toBeLessThanOrEqual(4);
      expect(mine.some((row) => row.deadline !== null)).toBe(true);
      expect(mine.some((row) => row.deadline === null)).toBe(true);
      expect(mine.filter((row) => row.assigneeKind === 'users')).toHaveLength(1);
    }
  });

  it('seeds a few event categories, one of them unpublished', async () => {
    const rows = await handle.db
      .select({ title: eventCategories.title, status: eventCategories.status })
      .from(eventCategories);
    expect(rows.map((row) => row.title).sort()).toEqual(
      demoEventCategories.map((category) => category.title).sort(),
    );
    expect(rows.filter((row) => !row.status)).toHaveLength(1);
  });

  it('records completions, checklists and past sign-ins that cannot be used, upcoming events and no one on them', async () => {
    expect(await handle.db.$count(courseCompletions)).toBeGreaterThan(50);
    expect(await handle.db.$count(checklistRecords)).toBeGreaterThan(50);
    const perMember = await handle.db
      .select({ userId: courseCompletions.userId, count: sql<number>`count(*)::int` })
      .from(courseCompletions)
      .groupBy(courseCompletions.userId);
    expect(new Set(perMember.map((row) => row.count)).size).toBeGreaterThan(3);
    const signIns = await handle.db.select().from(sessions);
    expect(signIns.length).toBeGreaterThan(5);
    expect(signIns.every((session) => session.revokedAt !== null && session.createdAt < new Date())).toBe(
      true,
    );
    const demoEvents = await handle.db
      .select({
        title: events.title,
        status: events.status,
        startsAt: sql<string>`min(${eventSessions.startsAt})`,
      })
      .from(events)
      .innerJoin(eventSessions, eq(eventSessions.eventId, events.id))
      .groupBy(events.id);
    expect(demoEvents.map((event) => event.title).sort()).toEqual([
      'First aid day',
      'Forklift practical',
      'Onboarding webinar',
    ]);
    expect(demoEvents.every((event) => event.status && new Date(event.startsAt) > new Date())).toBe(true);
    expect(await handle.db.$count(eventAttendees)).toBe(0);
  });
});

describe("the members' checklist history", () => {
  it('is written as records: ticks by the learner, sign-offs by their lead, some not yet, a withdrawal', async () => {
    const byRole = await queryRows<{ role: string; action: string; n: number }>(
      handle.db,
      sql`select actor_role as role, action, count(*)::int as n from checklist_records group by 1, 2`,
    );
    const count = (role: string, action: string) =>
      byRole.find((row) => row.role === role && row.action === action)?.n ?? 0;
    expect(count('learner', 'done')).toBeGreaterThan(20);
    expect(count('lead', 'done')).toBeGreaterThan(10);
    expect(count('lead', 'notYet')).toBeGreaterThan(0);
    expect(count('observer', 'done')).toBeGreaterThan(0);
    expect(count('lead', 'withdraw')).toBeGreaterThan(0);
    // Every lead's record is by a lead of a team the learner is a member of; a withdrawal stamps the record it takes back.
    const strays = await queryRows(
      handle.db,
      sql`select r.id from checklist_records r
           where r.actor_role = 'lead' and not exists (
             select 1 from team_members m join team_leads l on l.team_id = m.team_id
              where m.user_id = r.user_id and l.user_id = r.actor_id)`,
    );
    expect(strays).toEqual([]);
    const unstamped = await queryRows(
      handle.db,
      sql`select w.id from checklist_records w join checklist_records r on r.id = w.withdraws_id
           where w.action = 'withdraw' and r.withdrawn_at is null`,
    );
    expect(unstamped).toEqual([]);
  });

  it("varies the members' completed checklists, so the checklist bars and sorts differ", async () => {
    const completed = await queryRows<{ user_id: string; n: number }>(
      handle.db,
      checklistsCompletedByMember(sql`select user_id from team_members`, new Date()),
    );
    const members = await handle.db.$count(teamMembers);
    // Members with none completed have no row: 0 is among the counts too.
    expect(completed.length).toBeLessThan(members);
    expect(new Set(completed.map((row) => row.n)).size).toBeGreaterThanOrEqual(2);
  });
});

describe("the demo courses' outlines", () => {
  it('hold only enabled lessons and published quizzes: the unpublished quiz is in none', async () => {
    const hidden = await queryRows<{ name: string }>(
      handle.db,
      sql`select c.name from course_outline_items o join courses c on c.id = o.course_id
           left join lessons l on l.id = o.lesson_id left join quizzes q on q.id = o.quiz_id
          where not coalesce(l.status, q.status)`,
    );
    expect(hidden).toEqual([]);
    expect(await handle.db.$count(quizzes, eq(quizzes.status, false))).toBeGreaterThan(0);
  });
});

describe("the learners' history", () => {
  it('is written to the records the player writes: parts done before each completion, quizzes passed and failed, files handed in', async () => {
    const db = handle.db;
    expect(await db.$count(activityCompletions)).toBeGreaterThan(100);
    expect(await db.$count(handIns)).toBeGreaterThan(5);
    const attempts = await db.select().from(quizAttempts);
    expect(attempts.some((attempt) => attempt.passed)).toBe(true);
    expect(attempts.some((attempt) => attempt.passed === false)).toBe(true);
    // Each attempt was graded against its quiz's pass mark.
    const passMarks = new Map((await db.select().from(quizzes)).map((quiz) => [quiz.id, quiz.passMark]));
    for (const attempt of attempts)
      expect(attempt.passed, attempt.id).toBe((attempt.score ?? 0) >= (passMarks.get(attempt.quizId) ?? 0));

    // Every completion of a course with an outline has each of its parts done by then.
    const missing = await queryRows<{ user_id: string; course_id: string }>(
      db,
      sql`
      select cc.user_id, cc.course_id
        from course_completions cc
        join course_outline_items o on o.course_id = cc.course_id
        left join lesson_activities a on a.lesson_id = o.lesson_id
       where (o.lesson_id is not null and a.id is not null and not exists (
               select 1 from activity_completions d
                where d.user_id = cc.user_id and d.activity_id = a.id and d.completed_at <= cc.completed_at))
          or (o.quiz_id is not null and not exists (
               select 1 from quiz_attempts q
                where q.user_id = cc.user_id and q.quiz_id = o.quiz_id and q.passed and q.submitted_at <= cc.completed_at))`,
    );
    expect(missing).toEqual([]);
    const [outlined] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from course_completions cc where exists (select 1 from course_outline_items o where o.course_id = cc.course_id)`,
    );
    expect(outlined?.n).toBeGreaterThan(20);

    // Some learners have begun a course they have not finished.
    const [begun] = await queryRows<{ n: number }>(
      db,
      sql`
      select count(*)::int as n from course_progress p
       where not exists (select 1 from course_completions c where c.user_id = p.user_id and c.course_id = p.course_id)`,
    );
    expect(begun?.n).toBeGreaterThan(5);
  });
});

const FIRE_SAFETY = 'Fire Safety and Evacuation';
const seedFile = (name: string) =>
  readFileSync(new URL(`../../server/db/seed-files/${name}`, import.meta.url));

/** Each course's outline as names, first to last, from the database. */
async function outlines(db: Database) {
  const rows = await db
    .select({ course: courses.name, lesson: lessons.name, quiz: quizzes.name })
    .from(courseOutlineItems)
    .innerJoin(courses, eq(courses.id, courseOutlineItems.courseId))
    .leftJoin(lessons, eq(lessons.id, courseOutlineItems.lessonId))
    .leftJoin(quizzes, eq(quizzes.id, courseOutlineItems.quizId))
    .orderBy(asc(courses.name), asc(courseOutlineItems.position));
  const byCourse = new Map<string, string[]>();
  for (const row of rows)
    byCourse.set(row.course, [...(byCourse.get(row.course) ?? []), row.lesson ?? `quiz ${row.quiz}`]);
  return byCourse;
}

describe('the demo lesson with files', () => {
  const logger = { info: () => {}, warn: () => {}, error: () => {} };
  let app: ReturnType<typeof createApp>;
  let close: () => Promise<void>;
  let admin: string;
  const call = async (path: string) => {
    const response = await app.request(`${API_BASE}${path}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.status, path).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: read as a client would, by field
    return ((await response.json()) as any).results;
  };
  beforeAll(async () => {
    const config = {
      ...readConfig({ APP_URL: 'http://app.test', DIST_DIR: '/nonexistent/dist', DATA_DIR: root }),
      files: filesConfig,
    };
    const mailer = createMailer({ db: handle.db, smtpUrl: undefined, from: config.mailFrom, logger });
    close = () => mailer.close();
    app = createApp({ db: handle.db, config, mailer, logger, files: store });
    const login = await app.request(`${API_BASE}${paths.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(demo.admin),
    });
    expect(login.status).toBe(200);
    admin = ((await login.json()) as { results: { token: string } }).results.token;
  });
  afterAll(() => close());

  it('gives the lesson an activity of each file type, each file served with its type and bytes', async () => {
    const [lesson] = (await call(`${lessonPaths.list}?search=${encodeURIComponent(FIRE_SAFETY)}`)).data;
    expect(lesson).toMatchObject({ name: FIRE_SAFETY, activityCount: 5 });
    const activities = (await call(lessonPaths.activities(lesson._id))) as LessonActivity[];
    expect(activities.map((activity) => [activity.activityType, activity.videoType])).toEqual([
      ['videoPlayer', 'mp4'],
      ['audioPlayer', null],
      ['pdfDocument', null],
      ['powerpoint', null],
      ['fileUpload', null],
    ]);
    const pptx = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
    const expected = [
      { file: 'fire-drill.mp4', type: 'video/mp4' },
      { file: 'evacuation-announcement.mp3', type: 'audio/mpeg' },
      { file: 'fire-safety-guide.pdf', type: 'application/pdf' },
      { file: 'fire-extinguishers.pptx', type: pptx },
      { file: 'evacuation-route-worksheet.pdf', type: 'application/pdf' },
    ];
    const served = async (url: string | undefined, file: string, type: string) => {
      const bytes = seedFile(file);
      const response = await app.request(url ?? '');
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toBe(type);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes), file).toBe(true);
    };
    for (const [index, { file, type }] of expected.entries()) {
      const activity = activities[index];
      expect(activity?.file).toMatchObject({ name: file, type, size: seedFile(file).length });
      await served(activity?.file?.url, file, type);
    }
    const powerpoint = activities[3];
    expect(powerpoint?.previewFile?.name).toBe('fire-extinguishers.pdf');
    await served(powerpoint?.previewFile?.url, 'fire-extinguishers.pdf', 'application/pdf');
    expect(activities.filter((activity) => activity.previewFile !== null)).toHaveLength(1);
  });

  it('answers a range of the video with 206 and those bytes', async () => {
    const [lesson] = (await call(`${lessonPaths.list}?search=${encodeURIComponent(FIRE_SAFETY)}`)).data;
    const [video] = (await call(lessonPaths.activities(lesson._id))) as LessonActivity[];
    const bytes = seedFile('fire-drill.mp4');
    const response = await app.request(video?.file?.url ?? '', { headers: { Range: 'bytes=0-99' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 0-99/${bytes.length}`);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
  });

  it('puts the lesson once into the outlines of Workplace Safety Essentials and First Aid Basics', async () => {
    for (const name of ['Workplace Safety Essentials', 'First Aid Basics']) {
      const [course] = (await call(`${coursePaths.list}?search=${encodeURIComponent(name)}`)).data;
      const outline = (await call(coursePaths.outline(course._id))) as OutlineItem[];
      const fireSafety = outline.filter((item) => item.name === FIRE_SAFETY);
      expect(fireSafety, name).toHaveLength(1);
      expect(fireSafety[0], name).toMatchObject({ kind: 'lesson', status: true });
    }
  });

  it('stores the files under fixed keys, so seeding again writes the same bytes to the same keys', async () => {
    const first = await storeSeedFiles(store);
    const again = await storeSeedFiles(store);
    expect(again).toEqual(first);
    expect(Object.values(first).map((file) => file.key)).toEqual([
      'activities/seed-fire-drill-video1.mp4',
      'activities/seed-evacuation-audio1.mp3',
      'activities/seed-fire-safety-guide.pdf',
      'activities/seed-extinguisher-pptx.pptx',
      'activities/seed-extinguisher-copy.pdf',
      'activities/seed-evacuation-sheet1.pdf',
    ]);
    for (const file of Object.values(first))
      expect(Buffer.from(await store.disk.getBytes(file.key)).equals(seedFile(file.name))).toBe(true);
  });

  it('seeds without a store as before: no lesson with files, the other outlines the same', async () => {
    const plain = await openTestDatabase();
    try {
      expect(await plain.db.$count(lessons, eq(lessons.name, FIRE_SAFETY))).toBe(0);
      expect(await plain.db.$count(lessons)).toBe((await handle.db.$count(lessons)) - 1);
      const withFiles = await outlines(handle.db);
      const without = await outlines(plain.db);
      const others = (items: string[] | undefined) => (items ?? []).filter((item) => item !== FIRE_SAFETY);
      // A course whose outline is that lesson alone has none without it.
      // The e-learning package's course is seeded only with a file store, as the lesson is.
      expect(await plain.db.$count(courses, eq(courses.name, DEMO_PACKAGE_COURSE))).toBe(0);
      const withOthers = [...withFiles]
        .filter(([course, items]) => course !== DEMO_PACKAGE_COURSE && others(items).length > 0)
        .map(([course]) => course);
      expect(withOthers.sort()).toEqual([...without.keys()].sort());
      for (const [course, items] of without) expect(others(withFiles.get(course)), course).toEqual(items);
    } finally {
      await plain.close();
    }
  });
});
