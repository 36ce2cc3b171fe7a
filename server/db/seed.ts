import { sql } from 'drizzle-orm';
import { adminModules } from '../../contract/modules.ts';
import { hashPassword, unusablePasswordHash } from '../auth/password.ts';
import type { FileStore } from '../files/store.ts';
import { seedChecklistActivities } from '../modules/checklists/seed.ts';
import { seedChecklistHistory } from '../modules/checklists/seed-history.ts';
import { seedCourseCategories } from '../modules/course-categories/seed.ts';
import { seedCourses } from '../modules/courses/seed.ts';
import { seedEventCategories } from '../modules/event-categories/seed.ts';
import { seedEvents } from '../modules/events/seed.ts';
import { seedLearnerHistory } from '../modules/learning/seed.ts';
import { seedLessons, storeSeedFiles } from '../modules/lessons/seed.ts';
import { seedQuizzes } from '../modules/quizzes/seed.ts';
import type { Database } from './client.ts';
import { administratorRoles, rolePermissions } from './schema/administrator-roles.ts';
import { departments, locations, membershipLevels, membershipRoles } from './schema/lookups.ts';
import { modules, submodules } from './schema/modules.ts';
import { teamLeads, teamMembers, teams } from './schema/teams.ts';
import { userGroupMembers, userGroups } from './schema/user-groups.ts';
import { userMembershipRoles, users } from './schema/users.ts';
import { seedAdminGroups } from './seed-admin-groups.ts';
import { seedAdminTeams } from './seed-admin-teams.ts';
import {
  demoAccounts,
  departmentTitles,
  firstNames,
  lastNames,
  locationTitles,
  membershipLevelNames,
  membershipRoleNames,
  teamsToSeed,
  userGroupNames,
} from './seed-data.ts';
import { seedElearning, storeSeedPackage } from './seed-elearning.ts';
import { seedTraining } from './seed-training.ts';

/** Any constant works; it only keeps two processes starting at once from seeding twice. */
const SEED_LOCK = 7_311_001;

/** The same "random" demo data on every install, so screenshots and end-to-end tests can rely on it. */
function pseudoRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

async function demoPasswordHashes() {
  // One hash per distinct password, shared by the accounts that use it.
  const distinct = [...new Set(Object.values(demoAccounts).map((account) => account.password))];
  const hashes = await Promise.all(distinct.map(hashPassword));
  return new Map(distinct.map((password, index) => [password, hashes[index] as string]));
}

/**
 * Fills an empty database with the demo data; does nothing once any user exists. Returns whether it
 * seeded. Given the app's file store, it writes the demo files there first (outside the
 * transaction: the store takes no part in it) and seeds a lesson whose activities use them.
 */
export async function seedIfEmpty(db: Database, files?: FileStore): Promise<boolean> {
  // Checked before hashing too, so a restart does not pay for scrypt work it throws away.
  if ((await db.$count(users)) > 0) return false;
  const passwordHashes = await demoPasswordHashes();
  const seedFiles = files ? await storeSeedFiles(files) : undefined;
  const seedPackage = files ? await storeSeedPackage(files) : undefined;
  const random = pseudoRandom(42);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if ((await tx.$count(users)) > 0) return false;

    const moduleRows = await tx
      .insert(modules)
      .values(
        adminModules.map((module, index) => ({
          name: module.name,
          slug: module.slug,
          icon: module.icon,
          sort: index,
        })),
      )
      .returning({ id: modules.id, slug: modules.slug });
    const submoduleRows = await tx
      .insert(submodules)
      .values(
        adminModules.flatMap((module) => {
          const moduleId = moduleRows.find((row) => row.slug === module.slug)?.id as string;
          return module.submodules.map((submodule, index) => ({
            moduleId,
            name: submodule.name,
            slug: submodule.slug,
            path: `/app/${module.slug}/${submodule.slug}`,
            sort: index,
          }));
        }),
      )
      .returning({ id: submodules.id, moduleId: submodules.moduleId });

    const [adminRole, contentRole] = await tx
      .insert(administratorRoles)
      .values([
        { name: 'Administrator', status: true, isSystem: true },
        { name: 'Content Manager', status: true, isSystem: false },
      ])
      .returning({ id: administratorRoles.id });
    if (!adminRole || !contentRole) throw new Error('Seeding the administrator roles returned nothing');
    const contentModuleId = moduleRows.find((row) => row.slug === 'content-management')?.id;
    await tx.insert(rolePermissions).values([
      ...submoduleRows.map((submodule) => ({
        roleId: adminRole.id,
        submoduleId: submodule.id,
        canView: true,
        canAdd: true,
        canEdit: true,
        canDelete: true,
        canPublish: true,
      })),
      ...submoduleRows
        .filter((submodule) => submodule.moduleId === contentModuleId)
        .map((submodule) => ({
          roleId: contentRole.id,
          submoduleId: submodule.id,
          canView: true,
          canAdd: true,
          canEdit: true,
        })),
    ]);

    const levelIds = (
      await tx
        .insert(membershipLevels)
        .values(membershipLevelNames.map((name) => ({ name })))
        .returning({ id: membershipLevels.id })
    ).map((row) => row.id);
    const roleIds = (
      await tx
        .insert(membershipRoles)
        .values(membershipRoleNames.map((name) => ({ name })))
        .returning({ id: membershipRoles.id })
    ).map((row) => row.id);
    const locationIds = (
      await tx
        .insert(locations)
        .values(locationTitles.map((title) => ({ title })))
        .returning({ id: locations.id })
    ).map((row) => row.id);
    const departmentIds = (
      await tx
        .insert(departments)
        .values(departmentTitles.map((title) => ({ title })))
        .returning({ id: departments.id })
    ).map((row) => row.id);
    const groupIds = (
      await tx
        .insert(userGroups)
        .values(userGroupNames.map((name) => ({ name })))
        .returning({ id: userGroups.id })
    ).map((row) => row.id);

    const teamRows = await tx
      .insert(teams)
      .values(
        teamsToSeed.map((team) => ({
          title: team.title,
          teamName: team.teamName,
          teamMemberType: 'users' as const,
          membershipLevelId: pick(levelIds, random),
        })),
      )
      .returning({ id: teams.id, title: teams.title });
    const teamId = (title: string) => teamRows.find((row) => row.title === title)?.id as string;
    const defaultTeam = (lead: 'lead' | 'lead2') =>
      teamsToSeed.find((team) => team.lead === lead)?.title as string;

    const accountValues = (Object.keys(demoAccounts) as (keyof typeof demoAccounts)[]).map((key) => {
      const account = demoAccounts[key];
      return {
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        passwordHash: passwordHashes.get(account.password) as string,
        administrativeRoleId: key === 'admin' ? adminRole.id : null,
        defaultTeamId: key === 'admin' ? null : teamId(defaultTeam(key)),
        membershipLevelId: key === 'admin' ? null : pick(levelIds, random),
        locationId: pick(locationIds, random),
        departmentId: pick(departmentIds, random),
      };
    });
    const accountRows = await tx
      .insert(users)
      .values(accountValues)
      .returning({ id: users.id, email: users.email });
    const accountId = (key: keyof typeof demoAccounts) =>
      accountRows.find((row) => row.email === demoAccounts[key].email)?.id as string;

    // Members cannot sign in until someone sets their password; an unusable hash costs no scrypt work.
    let serial = 0;
    const memberValues = teamsToSeed.flatMap((team) =>
      Array.from({ length: team.members }, () => {
        serial += 1;
        const firstName = pick(firstNames, random);
        const lastName = pick(lastNames, random);
        return {
          team: team.title,
          firstName,
          lastName,
          email: `${firstName}.${lastName}.${serial}@example.com`.toLowerCase(),
          passwordHash: unusablePasswordHash(),
          defaultTeamId: teamId(team.title),
          membershipLevelId: pick(levelIds, random),
          locationId: pick(locationIds, random),
          departmentId: pick(departmentIds, random),
        };
      }),
    );
    const memberRows = await tx
      .insert(users)
      .values(memberValues.map(({ team: _team, ...member }) => member))
      .returning({ id: users.id, email: users.email });
    const memberTeam = new Map(memberValues.map((member) => [member.email, member.team]));

    await tx.insert(teamMembers).values(
      memberRows.map((member) => ({
        teamId: teamId(memberTeam.get(member.email) as string),
        userId: member.id,
        // Members joined before their team's trainings were assigned (the earliest, 45 days ago).
        joinedAt: new Date(Date.now() - 180 * 24 * 60 * 60 * 1000),
      })),
    );
    await tx
      .insert(teamLeads)
      .values(teamsToSeed.map((team) => ({ teamId: teamId(team.title), userId: accountId(team.lead) })));
    await tx.insert(userMembershipRoles).values(
      memberRows.flatMap((member) => {
        const first = pick(roleIds, random);
        const second = pick(roleIds, random);
        return [...new Set([first, second])].map((roleId) => ({ userId: member.id, roleId }));
      }),
    );
    await tx
      .insert(userGroupMembers)
      .values(memberRows.map((member) => ({ groupId: pick(groupIds, random), userId: member.id })));
    await seedTraining(tx, {
      random,
      teamId,
      leadOf: (title) => accountId(teamsToSeed.find((team) => team.title === title)?.lead ?? 'lead'),
      membersOf: (title) =>
        memberRows.filter((member) => memberTeam.get(member.email) === title).map((member) => member.id),
    });
    await seedAdminTeams(tx);
    await seedAdminGroups(tx);
    await seedCourseCategories(tx);
    const placedLessons = await seedLessons(tx, seedFiles);
    await seedCourses(tx, placedLessons);
    await seedQuizzes(tx);
    await seedChecklistActivities(tx);
    await seedEventCategories(tx);
    await seedEvents(tx, new Date());
    await seedLearnerHistory(tx, { random, now: new Date(), handIn: seedFiles?.worksheet });
    await seedChecklistHistory(tx, { random, now: new Date(), evidence: seedFiles?.worksheet });
    // Last, so the demo's history is the same with the package as without it.
    if (seedPackage) await seedElearning(tx, seedPackage);
    return true;
  });
}
