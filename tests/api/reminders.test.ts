import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseAssignmentPaths as p } from '../../contract/course-assignments/resource.ts';
import { userGroupPaths } from '../../contract/user-groups.ts';
import { assignmentReminders } from '../../server/db/schema/course-assignments.ts';
import { courseCompletions, courses } from '../../server/db/schema/courses.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { userGroups } from '../../server/db/schema/user-groups.ts';
import { users } from '../../server/db/schema/users.ts';
import type { Mailer } from '../../server/mail/mailer.ts';
import {
  enqueueReminders,
  sendReminders,
  sweepReminders,
} from '../../server/modules/course-assignments/reminders.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { takeHollowCoursesAtLink } from './learning-fixtures.ts';

// Reminder mails with the clock moved: each owed once, none lost when a sweep stops half-way.
// Two server processes sweeping one PostgreSQL at once: tests/postgres/reminders-processes.test.ts.

const DAY_MS = 24 * 60 * 60 * 1000;
const start = Date.now();
const day = (offset: number) => new Date(start + offset * DAY_MS).toISOString().slice(0, 10);
const at = (offset: number) => new Date(start + offset * DAY_MS);
/** A day as a mail writes it, "18 December 2026", never the ISO form. */
const written = (when: Date) =>
  when.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

let t: TestContext;
let admin: string;
let firstAid: string;
let serial = 0;
beforeAll(async () => {
  t = await createTestContext();
  await takeHollowCoursesAtLink(t);
  admin = await t.login(demo.admin.email, demo.admin.password);
  const [course] = await t.db.select().from(courses).where(eq(courses.name, 'First Aid Basics'));
  firstAid = course?.id as string;
});
afterAll(() => t.close());

const deps = () => ({ db: t.db, mailer: t.mailer, config: t.config });
const sweep = (time: Date) => sweepReminders(deps(), time);

async function learner() {
  serial += 1;
  const user = await t.createUser({
    email: `reminded-${serial}@example.com`,
    password: 'secret12',
    firstName: `Reminded${serial}`,
  });
  return { id: user.id as string, email: `reminded-${serial}@example.com` };
}

/** Subjects mailed to these addresses, in order. */
const subjectsTo = async (emails: string[]) =>
  (
    await t.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, emails))
      .orderBy(mailOutbox.createdAt, mailOutbox.to)
  ).map((row) => `${row.to.split('@')[0]}: ${row.subject}`);

describe('reminders with the clock moved', () => {
  it('mails a week and a day before the deadline and once overdue, each once, and nobody who has finished', async () => {
    const [done, late] = [await learner(), await learner()];
    const created = await t.call('POST', p.list, {
      token: admin,
      body: {
        title: 'Deadline drill',
        courseIds: [firstAid],
        assigneeKind: 'users',
        assigneeIds: [done.id, late.id],
        deadline: day(10),
      },
    });
    expect(created.status).toBe(201);
    const emails = [done.email, late.email];
    const mine = (name: string) => emails.map((email) => `${email.split('@')[0]}: ${name}`);
    expect(await subjectsTo(emails)).toEqual(mine('New training assigned: Deadline drill'));

    expect(await sweep(at(2))).toMatchObject({ sent: 0 });
    const weekBefore = await sweep(at(3));
    expect(weekBefore.sent).toBeGreaterThanOrEqual(2);
    expect((await subjectsTo(emails)).slice(2)).toEqual(mine('Due in a week: Deadline drill'));
    expect(await sweep(at(4))).toMatchObject({ owed: 0, sent: 0 });

    await t.db.insert(courseCompletions).values({ userId: done.id, courseId: firstAid, completedAt: at(5) });
    await sweep(at(9));
    expect((await subjectsTo(emails)).slice(4)).toEqual([
      `${late.email.split('@')[0]}: Due tomorrow: Deadline drill`,
    ]);
    await sweep(at(11));
    await sweep(at(12));
    expect((await subjectsTo(emails)).slice(5)).toEqual([
      `${late.email.split('@')[0]}: Overdue: Deadline drill`,
    ]);
    const [mail] = await t.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, late.email), eq(mailOutbox.subject, 'Overdue: Deadline drill')));
    expect(mail?.text).toContain(`Please complete it by ${written(at(10))}.`);
    expect(mail?.text).not.toContain(day(10));
    // The mail leads to the course in the player, not to the catalogue.
    const player = `${t.config.appUrl}/user-portal/learning-process/course/${firstAid}`;
    expect(mail?.text).toContain(`- First Aid Basics: ${player}`);
    expect(mail?.text).toContain(`Start here: ${player}`);
    expect(mail?.text).not.toContain('/learning-process/training');
  });

  it('mails a later joiner of a group when they join, and 30 days before a completion expires', async () => {
    const [member, joiner] = [await learner(), await learner()];
    const [group] = await t.db
      .insert(userGroups)
      .values({ name: 'Reminded group' })
      .returning({ id: userGroups.id });
    await t.call('POST', userGroupPaths.edit, {
      token: admin,
      body: { groupId: group?.id, userIds: [member.id], action: 'create' },
    });
    const created = await t.call('POST', p.list, {
      token: admin,
      body: {
        title: 'Yearly refresher',
        courseIds: [firstAid],
        assigneeKind: 'groups',
        assigneeIds: [group?.id],
        expiryType: 'dynamic',
        expiryValue: 1,
        expiryUnit: 'years',
      },
    });
    expect(created.status).toBe(201);
    await t.call('POST', userGroupPaths.edit, {
      token: admin,
      body: { groupId: group?.id, userIds: [joiner.id], action: 'create' },
    });
    await sweep(new Date());
    const emails = [member.email, joiner.email];
    expect(await subjectsTo(emails)).toEqual([
      `${member.email.split('@')[0]}: New training assigned: Yearly refresher`,
      `${joiner.email.split('@')[0]}: New training assigned: Yearly refresher`,
    ]);
    await t.db
      .insert(courseCompletions)
      .values({ userId: member.id, courseId: firstAid, completedAt: at(1) });
    await sweep(at(300));
    expect(await subjectsTo(emails)).toHaveLength(2);
    await sweep(at(340));
    await sweep(at(345));
    expect((await subjectsTo(emails)).slice(2)).toEqual([
      `${member.email.split('@')[0]}: Expiring soon: First Aid Basics`,
    ]);
    const [mail] = await t.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Expiring soon: First Aid Basics'));
    expect(mail?.text).toContain(`It expires on ${written(new Date(at(1).getTime() + 365 * DAY_MS))}.`);
    expect(mail?.text).toContain(
      `Start here: ${t.config.appUrl}/user-portal/learning-process/course/${firstAid}`,
    );
  });

  it('loses none when a sweep stops half-way: what it claimed is sent by the next one, once', async () => {
    const people = [await learner(), await learner(), await learner()];
    const created = await t.call('POST', p.list, {
      token: admin,
      body: {
        title: 'Interrupted',
        courseIds: [firstAid],
        assigneeKind: 'users',
        assigneeIds: people.map((person) => person.id),
        deadline: day(1),
      },
    });
    expect(created.status).toBe(201);
    // A mail server that fails while the second batch is being written, as a crash would.
    let batches = 0;
    const failing: Mailer = {
      ...t.mailer,
      record: async (executor, mails) => {
        batches += 1;
        if (batches === 2) throw new Error('The process stopped');
        return t.mailer.record(executor, mails);
      },
    };
    await enqueueReminders(t.db, new Date());
    await expect(sendReminders({ ...deps(), mailer: failing }, { batch: 1 })).rejects.toThrow(
      'The process stopped',
    );
    const unsent = await t.db.$count(
      assignmentReminders,
      and(
        isNull(assignmentReminders.sentAt),
        inArray(
          assignmentReminders.userId,
          people.map((person) => person.id),
        ),
      ),
    );
    expect(unsent).toBe(2);
    await sweep(new Date());
    const emails = people.map((person) => person.email);
    const subjects = await subjectsTo(emails);
    expect(subjects.filter((subject) => subject.endsWith('Due tomorrow: Interrupted')).sort()).toEqual(
      emails.map((email) => `${email.split('@')[0]}: Due tomorrow: Interrupted`).sort(),
    );
    expect(await t.db.$count(users, inArray(users.email, emails))).toBe(3);
  });
});
