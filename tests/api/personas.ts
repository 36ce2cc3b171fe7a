import { and, asc, eq } from 'drizzle-orm';
import type { PermissionAction } from '../../contract/session.ts';
import { PERMISSION_ACTIONS } from '../../server/auth/permissions.ts';
import { createSession } from '../../server/auth/sessions.ts';
import type { Database } from '../../server/db/client.ts';
import { administratorRoles, rolePermissions } from '../../server/db/schema/administrator-roles.ts';
import { courseAssignments } from '../../server/db/schema/course-assignments.ts';
import { modules, submodules } from '../../server/db/schema/modules.ts';
import { teamLeads, teamMembers, teams } from '../../server/db/schema/teams.ts';
import { users } from '../../server/db/schema/users.ts';
import { createUser, demo } from './helpers.ts';

/**
 * The callers an authorization test needs, each with a live session token:
 * - `learner`: a plain member of the lead's team, no administrator role, leads no team;
 * - `lead`: lead@example.com, leads Growth and Enterprise, no administrator role;
 * - `admin`: admin@example.com, the built-in role that may do everything;
 * - `adminWithout(...)`: an administrator whose role has every permission but the ones named.
 */
export type Personas = Awaited<ReturnType<typeof createPersonas>>;

const PASSWORD = 'persona-pass-1';

async function tokenOf(db: Database, email: string): Promise<string> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`No seeded user ${email}`);
  return createSession(db, user.id);
}

async function teamIdByTitle(db: Database, title: string): Promise<string> {
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.title, title));
  if (!team) throw new Error(`No seeded team ${title}`);
  return team.id;
}

/** A member of the team who leads no team and has no administrator role (not one of `except`). */
async function plainMemberOf(db: Database, teamId: string, except: string[] = []): Promise<string> {
  const leads = db.select({ id: teamLeads.userId }).from(teamLeads);
  const rows = await db
    .select({ id: users.id, roleId: users.administrativeRoleId })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(users.email));
  const leaderIds = new Set((await leads).map((row) => row.id));
  const member = rows.find(
    (row) => row.roleId === null && !leaderIds.has(row.id) && !except.includes(row.id),
  );
  if (!member) throw new Error(`Team ${teamId} has no plain member`);
  return member.id;
}

async function trainingOf(db: Database, teamId: string): Promise<string> {
  const [row] = await db
    .select({ id: courseAssignments.id })
    .from(courseAssignments)
    .where(eq(courseAssignments.teamId, teamId));
  if (!row) throw new Error(`Team ${teamId} has no seeded training`);
  return row.id;
}

/** What a role lacks: one action on one submodule, or every action on it. */
export type Lack = { module: string; submodule: string; actions: readonly PermissionAction[] };
/** One lack, or several (a route some administrators reach through either of two submodules). */
export type Lacks = Lack | readonly Lack[];

/**
 * A role with every permission on every submodule except `lack`, and a user holding it. Built
 * from the submodules in the database, so submodules added later are granted too.
 */
async function roleWithout(db: Database, lacks: readonly Lack[], label: string): Promise<{ roleId: string }> {
  const [role] = await db
    .insert(administratorRoles)
    .values({ name: `Without ${label}`, status: true, isSystem: false })
    .returning({ id: administratorRoles.id });
  if (!role) throw new Error('Inserting a role returned nothing');
  const all = await db
    .select({ id: submodules.id, submodule: submodules.slug, module: modules.slug })
    .from(submodules)
    .innerJoin(modules, eq(modules.id, submodules.moduleId));
  const lacked = lacks.map((lack) => {
    const row = all.find((one) => one.module === lack.module && one.submodule === lack.submodule);
    if (!row) throw new Error(`No submodule ${lack.module}/${lack.submodule}`);
    return { id: row.id, actions: lack.actions };
  });
  const grant = (action: PermissionAction, submoduleId: string) =>
    !lacked.some((lack) => lack.id === submoduleId && lack.actions.includes(action));
  await db.insert(rolePermissions).values(
    all.map((row) => ({
      roleId: role.id,
      submoduleId: row.id,
      canView: grant('view', row.id),
      canAdd: grant('add', row.id),
      canEdit: grant('edit', row.id),
      canDelete: grant('delete', row.id),
      canPublish: grant('publish', row.id),
    })),
  );
  return { roleId: role.id };
}

export async function createPersonas(db: Database) {
  const growth = await teamIdByTitle(db, 'Growth Team');
  const freedom = await teamIdByTitle(db, 'Freedom Team');
  const learnerId = await plainMemberOf(db, growth);
  const leadsFreedom = await db
    .select({ email: users.email })
    .from(teamLeads)
    .innerJoin(users, eq(users.id, teamLeads.userId))
    .where(and(eq(teamLeads.teamId, freedom), eq(users.email, demo.lead.email)));
  if (leadsFreedom.length > 0) throw new Error('The lead must not lead Freedom Team for these tests');

  const withoutCache = new Map<string, Promise<string>>();
  let serial = 0;
  /** A token of an administrator whose role lacks exactly `lacks` (one role and user per distinct lack). */
  function adminWithout(lacks: Lacks): Promise<string> {
    const list: readonly Lack[] = Array.isArray(lacks) ? lacks : [lacks as Lack];
    const key = list
      .map((lack) => `${lack.module}/${lack.submodule}/${[...lack.actions].sort().join(',')}`)
      .join('+');
    let token = withoutCache.get(key);
    if (!token) {
      serial += 1;
      const n = serial;
      token = (async () => {
        const { roleId } = await roleWithout(db, list, key);
        const user = await createUser(db, {
          email: `limited-admin-${n}@example.com`,
          password: PASSWORD,
          firstName: 'Limited',
          lastName: `Admin ${n}`,
          administrativeRoleId: roleId,
        });
        return createSession(db, user.id);
      })();
      withoutCache.set(key, token);
    }
    return token;
  }

  return {
    tokens: {
      learner: await createSession(db, learnerId),
      lead: await tokenOf(db, demo.lead.email),
      admin: await tokenOf(db, demo.admin.email),
    },
    adminWithout,
    /** The lead's own team and one the lead does not lead (lead2's), with a member and a training each. */
    teams: {
      own: {
        teamId: growth,
        // Not the learner: writes on this member must not end the learner's session.
        memberId: await plainMemberOf(db, growth, [learnerId]),
        trainingId: await trainingOf(db, growth),
      },
      foreign: {
        teamId: freedom,
        memberId: await plainMemberOf(db, freedom),
        trainingId: await trainingOf(db, freedom),
      },
    },
    learnerId,
  };
}

/** Every action on a submodule, for callers that need a whole submodule withheld. */
export const ALL_ACTIONS = PERMISSION_ACTIONS;
