import { asc, eq } from 'drizzle-orm';
import type { Transaction } from './client.ts';
import { courses } from './schema/courses.ts';
import { membershipLevels, membershipRoles } from './schema/lookups.ts';
import { teamAssignableGroups, teamCourses, teamMembershipRoles, teams } from './schema/teams.ts';
import { userGroups } from './schema/user-groups.ts';

/** `count` items of `list` starting at `start`, wrapping around. */
const slice = <T>(list: T[], start: number, count: number) =>
  Array.from({ length: Math.min(count, list.length) }, (_, i) => list[(start + i) % list.length] as T);

/**
 * Gives every seeded team what the team form asks for (assignable groups, courses, membership
 * roles and a membership level), so the edit form opens filled on a fresh install. Runs after the
 * teams and courses are seeded; each team gets a different share, in a fixed order.
 */
export async function seedAdminTeams(tx: Transaction) {
  // One query after another: a transaction is one connection, which runs one query at a time.
  const teamRows = await tx.select({ id: teams.id }).from(teams).orderBy(asc(teams.title));
  const groupRows = await tx.select({ id: userGroups.id }).from(userGroups).orderBy(asc(userGroups.name));
  const courseRows = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.status, true))
    .orderBy(asc(courses.name));
  const roleRows = await tx
    .select({ id: membershipRoles.id })
    .from(membershipRoles)
    .orderBy(asc(membershipRoles.name));
  const levelRows = await tx
    .select({ id: membershipLevels.id })
    .from(membershipLevels)
    .orderBy(asc(membershipLevels.name));
  for (const [index, team] of teamRows.entries()) {
    const groups = slice(groupRows, index, 2);
    const teamCourseRows = slice(courseRows, index * 3, 4);
    const roles = slice(roleRows, index, 2);
    const level = levelRows[index % Math.max(levelRows.length, 1)];
    if (groups.length > 0)
      await tx.insert(teamAssignableGroups).values(groups.map((g) => ({ teamId: team.id, groupId: g.id })));
    if (teamCourseRows.length > 0)
      await tx.insert(teamCourses).values(teamCourseRows.map((c) => ({ teamId: team.id, courseId: c.id })));
    if (roles.length > 0)
      await tx.insert(teamMembershipRoles).values(roles.map((r) => ({ teamId: team.id, roleId: r.id })));
    if (level) await tx.update(teams).set({ membershipLevelId: level.id }).where(eq(teams.id, team.id));
  }
}
