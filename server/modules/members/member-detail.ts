import { asc, eq } from 'drizzle-orm';
import type { MemberDetail } from '../../../contract/member.ts';
import type { Database } from '../../db/client.ts';
import { departments, locations, membershipRoles } from '../../db/schema/lookups.ts';
import { teamMembers } from '../../db/schema/teams.ts';
import { userMembershipRoles, users } from '../../db/schema/users.ts';

/** What the edit form pre-fills, with the record's version for the stale-edit check. */
export async function loadMemberDetail(
  db: Database,
  memberId: string,
): Promise<Omit<MemberDetail, 'editable'> | undefined> {
  const [user] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      requirePasswordReset: users.requirePasswordReset,
      profilePicture: users.profilePicture,
      version: users.version,
      locationId: locations.id,
      locationTitle: locations.title,
      departmentId: departments.id,
      departmentTitle: departments.title,
    })
    .from(users)
    .leftJoin(locations, eq(locations.id, users.locationId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(eq(users.id, memberId))
    .limit(1);
  if (!user) return undefined;
  const [roles, teams] = await Promise.all([
    db
      .select({ _id: membershipRoles.id, name: membershipRoles.name })
      .from(userMembershipRoles)
      .innerJoin(membershipRoles, eq(membershipRoles.id, userMembershipRoles.roleId))
      .where(eq(userMembershipRoles.userId, memberId))
      .orderBy(asc(membershipRoles.name), asc(membershipRoles.id)),
    db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(eq(teamMembers.userId, memberId))
      .orderBy(asc(teamMembers.teamId)),
  ]);
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    location: user.locationId ? { _id: user.locationId, title: user.locationTitle ?? '' } : null,
    department: user.departmentId ? { _id: user.departmentId, title: user.departmentTitle ?? '' } : null,
    roleId: roles,
    resetPassword: user.requirePasswordReset,
    profilePicture: user.profilePicture,
    teamIds: teams.map((team) => team.teamId),
    version: user.version,
  };
}
