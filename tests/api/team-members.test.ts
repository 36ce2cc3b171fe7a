import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMessages } from '../../contract/member.ts';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import { memberImportMessages } from '../../contract/team-dashboard.ts';
import { passwordResetTokens, rateLimits } from '../../server/db/schema/auth.ts';
import { courseAssignmentAssignees, courseAssignments } from '../../server/db/schema/course-assignments.ts';
import { departments, locations, membershipRoles } from '../../server/db/schema/lookups.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { teamMembers } from '../../server/db/schema/teams.ts';
import { userMembershipRoles, users } from '../../server/db/schema/users.ts';
import { APP_URL, createTestContext, demo, type TestContext } from './helpers.ts';
import { memberIdsOf, teamIds } from './team-fixtures.ts';

let t: TestContext;
let team: Awaited<ReturnType<typeof teamIds>>;
let lead: string;
let lead2: string;
beforeAll(async () => {
  t = await createTestContext();
  team = await teamIds(t.db);
  lead = await t.login(demo.lead.email, demo.lead.password);
  lead2 = await t.login(demo.lead2.email, demo.lead2.password);
});
afterAll(() => t.close());

const LINK = new RegExp(`${APP_URL}/reset-password/([A-Za-z0-9_-]+)`);
const userByEmail = async (email: string) => {
  const [user] = await t.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return user;
};

async function userById(id: string) {
  const [user] = await t.db.select().from(users).where(eq(users.id, id));
  if (!user) throw new Error(`No user ${id}`);
  return user;
}

describe('DELETE team members', () => {
  it('removes members from the team and from its chosen-member trainings; the accounts stay', async () => {
    const [leadership] = await t.db
      .select()
      .from(courseAssignments)
      .where(eq(courseAssignments.title, 'Leadership Track'));
    const chosenOf = () =>
      t.db
        .select({ userId: courseAssignmentAssignees.userId })
        .from(courseAssignmentAssignees)
        .where(eq(courseAssignmentAssignees.assignmentId, leadership?.id as string))
        .orderBy(courseAssignmentAssignees.userId);
    const chosen = (await chosenOf()) as { userId: string }[];
    const removed = chosen.slice(0, 2).map((row) => row.userId);
    const response = await t.call('DELETE', paths.teamMembers(team.growth), {
      token: lead,
      body: { bulkId: removed },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: memberMessages.memberRemoved, results: null });

    expect(await memberIdsOf(t.db, team.growth)).not.toContain(removed[0]);
    expect(await memberIdsOf(t.db, team.growth)).toHaveLength(23);
    expect(await t.db.$count(users, inArray(users.id, removed))).toBe(2);
    expect(await chosenOf()).toEqual(chosen.slice(2));
    const list = await t.call('GET', `${paths.memberList(team.growth)}?limit=100`, { token: lead });
    expect(list.body.results.total).toBe(23);
  });

  it('answers 404 and removes nobody when one id is not a member of the team', async () => {
    const [growthMember] = await memberIdsOf(t.db, team.growth);
    const [freedomMember] = await memberIdsOf(t.db, team.freedom);
    const response = await t.call('DELETE', paths.teamMembers(team.growth), {
      token: lead,
      body: { bulkId: [growthMember, freedomMember] },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: messages.notFound });
    expect(await memberIdsOf(t.db, team.growth)).toContain(growthMember);
  });

  it("answers 403 to another team's lead and 422 to an empty selection", async () => {
    const [member] = await memberIdsOf(t.db, team.growth);
    const forbidden = await t.call('DELETE', paths.teamMembers(team.growth), {
      token: lead2,
      body: { bulkId: [member] },
    });
    expect(forbidden.status).toBe(403);
    expect(await memberIdsOf(t.db, team.growth)).toContain(member);

    const empty = await t.call('DELETE', paths.teamMembers(team.growth), {
      token: lead,
      body: { bulkId: [] },
    });
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      message: messages.validationFailed,
      errors: { bulkId: 'Select at least one record.' },
    });
  });
});

describe('POST member resend email', () => {
  it('mails the member a set-password link that lasts 7 days and works', async () => {
    const [memberId] = await memberIdsOf(t.db, team.enterprise);
    const [member] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, memberId as string));
    const response = await t.call('POST', paths.memberResendEmail(team.enterprise, memberId as string), {
      token: lead,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: memberMessages.invitationSent, results: null });

    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, member?.email as string));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('You are invited to Training Admin');
    expect(mails[0]?.text).toContain('Enterprise Team');
    const token = mails[0]?.text.match(LINK)?.[1] as string;
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, memberId as string));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(7 * 24 * 60 * 60 * 1000);

    const reset = await t.call('POST', '/reset-password', {
      body: { token, newPassword: 'chosen1', confirmPassword: 'chosen1' },
    });
    expect(reset.status).toBe(200);
    expect(await t.login(member?.email as string, 'chosen1')).toEqual(expect.any(String));
  });

  it('answers 404 for a member of another team and 403 for a team the caller does not lead', async () => {
    const [freedomMember] = await memberIdsOf(t.db, team.freedom);
    const notInTeam = await t.call('POST', paths.memberResendEmail(team.growth, freedomMember as string), {
      token: lead,
    });
    expect(notInTeam.status).toBe(404);
    const forbidden = await t.call('POST', paths.memberResendEmail(team.freedom, freedomMember as string), {
      token: lead,
    });
    expect(forbidden.status).toBe(403);
    expect(await t.db.$count(mailOutbox)).toBe(1);
    // Neither call used the member's quota.
    expect(await t.db.$count(rateLimits, eq(rateLimits.key, `resend:member:${freedomMember}`))).toBe(0);
  });

  it('sends once a minute per member: the next call answers 429 with the seconds left and sends nothing', async () => {
    // The second enterprise member is left alone: the import test expects no mail for them.
    const [memberId, , otherId] = await memberIdsOf(t.db, team.enterprise);
    const mailsBefore = await t.db.$count(mailOutbox);
    const again = await t.call('POST', paths.memberResendEmail(team.enterprise, memberId as string), {
      token: lead,
    });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ message: messages.tooManyAttempts });
    const retryAfter = Number(again.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await t.db.$count(mailOutbox)).toBe(mailsBefore);

    // The window is the member's own: another member of the team is mailed at once.
    const other = await t.call('POST', paths.memberResendEmail(team.enterprise, otherId as string), {
      token: lead,
    });
    expect(other.status).toBe(200);
    expect(await t.db.$count(mailOutbox)).toBe(mailsBefore + 1);

    // With 20 seconds of the window gone, Retry-After tells the 40 or so that are left.
    await t.db
      .update(rateLimits)
      .set({ resetAt: sql`now() + interval '40 seconds'` })
      .where(eq(rateLimits.key, `resend:member:${memberId}`));
    const later = await t.call('POST', paths.memberResendEmail(team.enterprise, memberId as string), {
      token: lead,
    });
    expect(later.status).toBe(429);
    expect(Number(later.headers.get('retry-after'))).toBeGreaterThanOrEqual(39);
    expect(Number(later.headers.get('retry-after'))).toBeLessThanOrEqual(40);

    await t.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, `resend:member:${memberId}`));
    const afterWindow = await t.call('POST', paths.memberResendEmail(team.enterprise, memberId as string), {
      token: lead,
    });
    expect(afterWindow.status).toBe(200);
    expect(await t.db.$count(mailOutbox)).toBe(mailsBefore + 2);
  });
});

describe('POST member import', () => {
  it('creates new users, adds existing ones and refuses bad rows, each with a reason', async () => {
    const [location] = await t.db.select().from(locations).where(eq(locations.title, 'New York'));
    const [department] = await t.db.select().from(departments).where(eq(departments.title, 'Legal'));
    const [, enterpriseMember] = await memberIdsOf(t.db, team.enterprise);
    const [growthMember] = await memberIdsOf(t.db, team.growth);
    const other = await userById(enterpriseMember as string);
    const mine = await userById(growthMember as string);
    const row = (firstName: string, email: string, extra: Record<string, string> = {}) => ({
      firstName,
      lastName: 'Imported',
      email,
      ...extra,
    });

    const response = await t.call('POST', paths.memberImport(team.growth), {
      token: lead,
      body: {
        rows: [
          {
            row: 2,
            values: row('Nia', 'Nia.New@Example.com', {
              location: 'new york',
              department: 'LEGAL',
              roles: 'growth; Empire',
            }),
          },
          { row: 3, values: row('Other', other.email.toUpperCase()) },
          { row: 4, values: row('Mine', mine.email) },
          { row: 5, values: row('Bad', 'not-an-email') },
          { row: 6, values: row('Again', 'nia.new@example.com') },
          { row: 7, values: row('Lost', 'lost@example.com', { location: 'Atlantis' }) },
          { row: 8, values: row('Magic', 'magic@example.com', { roles: 'Growth|Wizard' }) },
          { row: 9, values: { lastName: 'Nameless', email: 'nameless@example.com' } },
          { row: 10, values: row('Dept', 'dept@example.com', { department: 'Alchemy' }) },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(memberImportMessages.imported);
    expect(response.body.results).toEqual([
      {
        row: 2,
        status: 'created',
        email: 'nia.new@example.com',
        message: 'A new user was created and invited.',
      },
      { row: 3, status: 'added', email: other.email, message: 'An existing user was added to the team.' },
      { row: 4, status: 'added', email: mine.email, message: 'Already a member of the team.' },
      { row: 5, status: 'refused', email: 'not-an-email', message: 'Email must be a valid email address.' },
      {
        row: 6,
        status: 'refused',
        email: 'nia.new@example.com',
        message: 'This email is already on row 2 of the file.',
      },
      { row: 7, status: 'refused', email: 'lost@example.com', message: 'Unknown location "Atlantis".' },
      { row: 8, status: 'refused', email: 'magic@example.com', message: 'Unknown role "Wizard".' },
      { row: 9, status: 'refused', email: 'nameless@example.com', message: 'First name is required.' },
      { row: 10, status: 'refused', email: 'dept@example.com', message: 'Unknown department "Alchemy".' },
    ]);

    const created = await userByEmail('nia.new@example.com');
    expect(created).toMatchObject({
      firstName: 'Nia',
      lastName: 'Imported',
      requirePasswordReset: true,
      locationId: location?.id,
      departmentId: department?.id,
    });
    const roles = await t.db
      .select({ name: membershipRoles.name })
      .from(userMembershipRoles)
      .innerJoin(membershipRoles, eq(membershipRoles.id, userMembershipRoles.roleId))
      .where(eq(userMembershipRoles.userId, created?.id as string));
    expect(roles.map((role) => role.name).sort()).toEqual(['Empire', 'Growth']);
    const growth = await memberIdsOf(t.db, team.growth);
    expect(growth).toContain(created?.id);
    expect(growth).toContain(other.id);
    expect(await memberIdsOf(t.db, team.enterprise)).toContain(other.id);
    for (const email of [
      'lost@example.com',
      'magic@example.com',
      'nameless@example.com',
      'dept@example.com',
    ]) {
      expect(await userByEmail(email)).toBeUndefined();
    }

    const invitations = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nia.new@example.com'));
    expect(invitations).toHaveLength(1);
    expect(invitations[0]?.text).toMatch(LINK);
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.to, other.email))).toBe(0);
    // The existing account is left as it was.
    expect(await userByEmail(other.email)).toMatchObject({ firstName: other.firstName });
  });

  it('validates the batch', async () => {
    const empty = await t.call('POST', paths.memberImport(team.growth), { token: lead, body: { rows: [] } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ rows: 'The file has no rows.' });
    const rows = Array.from({ length: 101 }, (_, index) => ({ row: index + 2, values: {} }));
    const tooMany = await t.call('POST', paths.memberImport(team.growth), { token: lead, body: { rows } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ rows: 'Send at most 100 rows at a time.' });
  });

  it("answers 403 for another lead's team, importing nothing", async () => {
    const response = await t.call('POST', paths.memberImport(team.freedom), {
      token: lead,
      body: { rows: [{ row: 2, values: { firstName: 'A', lastName: 'B', email: 'sneaky@example.com' } }] },
    });
    expect(response.status).toBe(403);
    expect(await userByEmail('sneaky@example.com')).toBeUndefined();
    expect(await t.db.$count(teamMembers, and(eq(teamMembers.teamId, team.freedom)))).toBe(12);
  });
});
