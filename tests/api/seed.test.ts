import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/password.ts';
import { type DatabaseHandle, openDatabase } from '../../server/db/client.ts';
import { administratorRoles, rolePermissions } from '../../server/db/schema/administrator-roles.ts';
import { sessions } from '../../server/db/schema/auth.ts';
import { checklistAssignments, checklists } from '../../server/db/schema/checklists.ts';
import { courseCompletions, courses } from '../../server/db/schema/courses.ts';
import { eventAttendees, events } from '../../server/db/schema/events.ts';
import { departments, locations, membershipRoles } from '../../server/db/schema/lookups.ts';
import { submodules } from '../../server/db/schema/modules.ts';
import { teamLeads, teamMembers, teams } from '../../server/db/schema/teams.ts';
import { trainings } from '../../server/db/schema/trainings.ts';
import { users } from '../../server/db/schema/users.ts';
import { seedIfEmpty } from '../../server/db/seed.ts';

// This file migrates and seeds an empty database itself instead of using the helpers' template.
let handle: DatabaseHandle;
let seeded: boolean;
beforeAll(async () => {
  handle = await openDatabase({});
  await handle.migrate();
  seeded = await seedIfEmpty(handle.db);
});
afterAll(() => handle.close());

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
    expect(await handle.db.$count(courses)).toBe(12);
    expect(await handle.db.$count(courses, eq(courses.status, false))).toBe(1);
    expect(await handle.db.$count(checklists)).toBe(6);
    const rows = await handle.db
      .select({ title: teams.title, assignTo: trainings.assignTo, deadline: trainings.deadline })
      .from(trainings)
      .innerJoin(teams, eq(teams.id, trainings.teamId));
    for (const title of ['Growth Team', 'Enterprise Team']) {
      const mine = rows.filter((row) => row.title === title);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(mine.length).toBeLessThanOrEqual(4);
      expect(mine.some((row) => row.deadline !== null)).toBe(true);
      expect(mine.some((row) => row.deadline === null)).toBe(true);
      expect(mine.filter((row) => row.assignTo === 'some')).toHaveLength(1);
    }
  });

  it('records completions, checklists and past sign-ins that cannot be used, and no events', async () => {
    expect(await handle.db.$count(courseCompletions)).toBeGreaterThan(50);
    expect(await handle.db.$count(checklistAssignments)).toBeGreaterThan(50);
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
    expect(await handle.db.$count(events)).toBe(0);
    expect(await handle.db.$count(eventAttendees)).toBe(0);
  });
});
