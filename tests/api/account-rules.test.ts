import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import { administratorRolePaths } from '../../contract/roles.ts';
import { userPaths } from '../../contract/users.ts';
import { createResetToken } from '../../server/auth/reset-tokens.ts';
import { queryRows } from '../../server/db/rows.ts';
import { administratorRoles } from '../../server/db/schema/administrator-roles.ts';
import { teamMembers } from '../../server/db/schema/teams.ts';
import { users } from '../../server/db/schema/users.ts';
import type { AccountEffect } from '../../server/http/account-effects.ts';
import { type DeclaredRoute, declaredRoutes } from '../../server/http/route-table.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { fillPath, plainPath, teamLeadSamples, type Victims } from './route-samples.ts';
import { teamIds } from './team-fixtures.ts';
import { tokenWithUserPermissions, userLookups, validUser } from './users-fixtures.ts';
import { writeSamples } from './write-samples.ts';

/**
 * The account rules (docs/decisions/009-account-control.md) held against every route that declares
 * an account effect (server/http/account-effects.ts), read from the routing table. Each rule names,
 * for every such route, either the call that must be refused or changed by it, or why the rule
 * does not apply; a route the rule does not know fails the test, so a new route that writes
 * accounts cannot slip past the rules.
 */
let t: TestContext;
let team: Awaited<ReturnType<typeof teamIds>>;
let adminId: string;
let systemRole: string;
let lookups: Awaited<ReturnType<typeof userLookups>>;
let tokens: { admin: string; lead: string; usersOnly: string; roleManager: string };

beforeAll(async () => {
  t = await createTestContext();
  team = await teamIds(t.db);
  lookups = await userLookups(t.db);
  const [admin] = await t.db.select().from(users).where(eq(users.email, demo.admin.email));
  const [role] = await t.db.select().from(administratorRoles).where(eq(administratorRoles.isSystem, true));
  adminId = admin?.id as string;
  systemRole = role?.id as string;
  // The administrator is in the lead's team too: being there must not make the account the lead's.
  await t.db.insert(teamMembers).values({ teamId: team.growth, userId: adminId });
  tokens = {
    admin: await t.login(demo.admin.email, demo.admin.password),
    lead: await t.login(demo.lead.email, demo.lead.password),
    usersOnly: await tokenWithUserPermissions(t, 'users-only@example.com', {
      canView: true,
      canAdd: true,
      canEdit: true,
      canDelete: true,
      canPublish: true,
    }),
    roleManager: await tokenWithUserPermissions(t, 'role-manager@example.com', {
      canView: true,
      canAdd: true,
      canEdit: true,
    }),
  };
  // The role manager may also work the role screen, and holds nothing else.
  await t.db.execute(
    sql`insert into role_permissions (role_id, submodule_id, can_view, can_add, can_edit)
        select r.id, s.id, true, true, true from administrator_roles r, submodules s
        where r.name = 'Role of role-manager@example.com' and s.slug = 'role-permission'`,
  );
});
afterAll(() => t.close());

const key = (route: DeclaredRoute) => `${route.method} ${plainPath(route.path)}`;
const accountRoutes = () => declaredRoutes(t.app).filter((route) => route.accountEffects.length > 0);
const has = (route: DeclaredRoute, ...effects: AccountEffect[]) =>
  effects.some((effect) => route.accountEffects.includes(effect));

type Call = {
  method: string;
  path: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
};
const send = (call: Call) => t.call(call.method, call.path, call);

/** A rule's entry for a route: a check to run, or why the rule does not apply to it. */
type Entry = (() => Promise<void>) | { exempt: string };

/** Runs the rule over every account route, failing for one it has no entry for. */
async function holdRule(rule: (route: DeclaredRoute) => Entry | undefined) {
  const routes = accountRoutes();
  expect(routes.length).toBeGreaterThan(10);
  const unknown: string[] = [];
  for (const route of routes) {
    const entry = rule(route);
    if (!entry) unknown.push(key(route));
    else if (typeof entry === 'function') await entry();
  }
  expect(unknown, 'account routes this rule has no entry for').toEqual([]);
}

const protectedRow = async () => {
  const [row] = await t.db
    .select({
      email: users.email,
      passwordHash: users.passwordHash,
      reset: users.requirePasswordReset,
      role: users.administrativeRoleId,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, adminId));
  return row;
};

async function newUser(email: string, password = 'rule-pass-1', teamId?: string) {
  const user = await t.createUser({ email, password });
  if (teamId) await t.db.insert(teamMembers).values({ teamId, userId: user.id });
  return { id: user.id, token: await t.login(email, password) };
}

const userForm = (email: string, extra: Record<string, unknown> = {}) => ({
  ...validUser(lookups, { email }),
  ...extra,
});
const versionOf = async (id: string) =>
  (await t.db.select({ version: users.version }).from(users).where(eq(users.id, id)))[0]?.version;

describe('account rules across every route that writes accounts or sessions', () => {
  it('who may change an account: no caller changes the credentials of an account above them', async () => {
    await holdRule((route) => {
      if (!has(route, 'credentials')) return { exempt: 'changes no existing account' };
      const attacks: Record<string, Call> = {
        'PATCH /api/v1/user-portal/user/:memberId': {
          method: 'PATCH',
          path: paths.member(adminId),
          token: tokens.lead,
          body: {
            teamId: team.growth,
            firstName: 'X',
            lastName: 'Y',
            email: demo.admin.email,
            password: 'taken-1',
            confirmPassword: 'taken-1',
            resetPassword: true,
          },
        },
        'POST /api/v1/team/:teamId/member-import': {
          method: 'POST',
          path: paths.memberImport(team.enterprise),
          token: tokens.lead,
          body: { rows: [{ row: 2, values: { firstName: 'A', lastName: 'B', email: demo.admin.email } }] },
        },
        'PATCH /api/v1/user/:id': {
          method: 'PATCH',
          path: userPaths.one(adminId),
          token: tokens.usersOnly,
          body: userForm('taken@example.com', {
            password: 'taken-1',
            confirmPassword: 'taken-1',
            version: 1,
          }),
        },
        'POST /api/v1/reset-password': {
          method: 'POST',
          path: paths.resetPassword,
          body: { token: randomUUID(), newPassword: 'taken-1', confirmPassword: 'taken-1' },
        },
      };
      const attack = attacks[key(route)];
      if (!attack) return undefined;
      return async () => {
        const before = await protectedRow();
        const response = await send(attack);
        expect([200, 400, 403, 409], key(route)).toContain(response.status);
        expect(await protectedRow(), key(route)).toEqual(before);
        const enterprise = await t.db.$count(
          teamMembers,
          sql`${teamMembers.teamId} = ${team.enterprise} and ${teamMembers.userId} = ${adminId}`,
        );
        expect(enterprise, key(route)).toBe(0);
      };
    });
  });

  it('no one grants more than they hold: an administrator role beyond the caller is never given', async () => {
    const systemHolders = async () => t.db.$count(users, eq(users.administrativeRoleId, systemRole));
    const plain = await newUser('role-target@example.com');
    const [ownRole] = await t.db
      .select({ id: administratorRoles.id, version: administratorRoles.version })
      .from(administratorRoles)
      .where(eq(administratorRoles.name, 'Role of role-manager@example.com'));
    const notHeld = (
      await queryRows<{ id: string }>(t.db, sql`select id from submodules where slug = 'users-team'`)
    )[0]?.id as string;
    await holdRule((route) => {
      if (!has(route, 'role')) return { exempt: 'gives no administrator role' };
      const csv = [
        'firstName,lastName,email,membership,roles,groups,administrativeRole',
        'Csv,Admin,rule-csv@example.com,Gold,Growth,Sales,Administrator',
      ].join('\n');
      const attacks: Record<string, { call: Call; refused: number }> = {
        // The role manager may give roles, but not one granting more than their own.
        'POST /api/v1/user': {
          call: {
            method: 'POST',
            path: userPaths.list,
            token: tokens.roleManager,
            body: userForm('rule-new@example.com', { adminstrativeRoleId: systemRole }),
          },
          refused: 422,
        },
        'PATCH /api/v1/user/:id': {
          call: {
            method: 'PATCH',
            path: userPaths.one(plain.id),
            token: tokens.usersOnly,
            body: userForm('role-target@example.com', {
              password: '',
              confirmPassword: '',
              adminstrativeRoleId: systemRole,
              version: 1,
            }),
          },
          refused: 403,
        },
        'POST /api/v1/user/batch': {
          call: {
            method: 'POST',
            path: userPaths.batch,
            token: tokens.usersOnly,
            body: { csv, firstRow: 2 },
          },
          refused: 200,
        },
        'POST /api/v1/administrator-role': {
          call: {
            method: 'POST',
            path: administratorRolePaths.list,
            token: tokens.roleManager,
            body: { name: 'Beyond', status: true, permissions: [{ submoduleId: notHeld, delete: true }] },
          },
          refused: 422,
        },
        'PATCH /api/v1/administrator-role/:id': {
          call: {
            method: 'PATCH',
            path: administratorRolePaths.one(ownRole?.id as string),
            token: tokens.roleManager,
            body: {
              name: 'Mine',
              status: true,
              permissions: [{ submoduleId: notHeld, delete: true }],
              version: ownRole?.version,
            },
          },
          refused: 422,
        },
      };
      const attack = attacks[key(route)];
      if (!attack) return undefined;
      return async () => {
        const holders = await systemHolders();
        const roles = await t.db.$count(administratorRoles);
        const response = await send(attack.call);
        expect(response.status, key(route)).toBe(attack.refused);
        if (attack.refused === 200) expect(response.body.results.created, key(route)).toBe(0);
        expect(await systemHolders(), key(route)).toBe(holders);
        expect(await t.db.$count(administratorRoles), key(route)).toBe(roles);
      };
    });
  });

  it('sessions follow credentials: a changed password or email, a disable or a delete ends them', async () => {
    const deadAfter = async (label: string, token: string, change: () => Promise<unknown>) => {
      expect((await t.call('GET', paths.me, { token })).status, `${label}: before`).toBe(200);
      await change();
      const after = await t.call('GET', paths.me, { token });
      expect(after.status, label).toBe(401);
      expect(after.body.message, label).toBe(messages.unauthenticated);
    };
    await holdRule((route) => {
      const name = key(route);
      const checks: Record<string, Entry> = {
        'PATCH /api/v1/user-portal/user/:memberId': async () => {
          const member = await newUser('rule-member@example.com', 'rule-pass-1', team.growth);
          await deadAfter(name, member.token, () =>
            t.call('PATCH', paths.member(member.id), {
              token: tokens.lead,
              body: {
                teamId: team.growth,
                firstName: 'R',
                lastName: 'M',
                email: 'rule-member-new@example.com',
              },
            }),
          );
        },
        'PATCH /api/v1/user/:id': async () => {
          const user = await newUser('rule-edit@example.com');
          await deadAfter(name, user.token, async () =>
            expect(
              (
                await t.call('PATCH', userPaths.one(user.id), {
                  token: tokens.admin,
                  body: userForm('rule-edit@example.com', {
                    password: 'changed-1',
                    confirmPassword: 'changed-1',
                    version: await versionOf(user.id),
                  }),
                })
              ).status,
            ).toBe(200),
          );
        },
        'POST /api/v1/user/:id': async () => {
          const user = await newUser('rule-toggle@example.com');
          await deadAfter(name, user.token, async () => {
            await t.call('POST', userPaths.one(user.id), { token: tokens.admin });
            await t.call('POST', userPaths.one(user.id), { token: tokens.admin });
          });
        },
        'POST /api/v1/user/bulk-disable': async () => {
          const user = await newUser('rule-bulk@example.com');
          await deadAfter(name, user.token, async () => {
            await t.call('POST', userPaths.bulkOff, { token: tokens.admin, body: { bulkId: [user.id] } });
            await t.call('POST', userPaths.bulkOn, { token: tokens.admin, body: { bulkId: [user.id] } });
          });
        },
        'POST /api/v1/user/bulk-enable': {
          exempt: 'checked with bulk-disable: enabling never revives a token',
        },
        'DELETE /api/v1/user/bulk-delete': async () => {
          const user = await newUser('rule-delete@example.com');
          await deadAfter(name, user.token, () =>
            t.call('DELETE', userPaths.bulkDelete, { token: tokens.admin, body: { bulkId: [user.id] } }),
          );
        },
        'POST /api/v1/reset-password': async () => {
          const user = await newUser('rule-reset@example.com');
          const resetToken = await createResetToken(t.db, user.id);
          await deadAfter(name, user.token, () =>
            t.call('POST', paths.resetPassword, {
              body: { token: resetToken, newPassword: 'reset-1', confirmPassword: 'reset-1' },
            }),
          );
        },
        'POST /api/v1/logout': async () => {
          const user = await newUser('rule-logout@example.com');
          await deadAfter(name, user.token, () => t.call('POST', paths.logout, { token: user.token }));
        },
        'POST /api/v1/login': { exempt: 'starts a session with the right password; ends none' },
        'POST /api/v1/team/:teamId/member-import': {
          exempt: 'adds existing accounts to a team without changing their credentials',
        },
      };
      if (!has(route, 'credentials', 'status', 'session'))
        return { exempt: 'changes no credentials or status' };
      return checks[name];
    });
  });

  it('idempotency keys bind to the request: a key reused with another body is refused and writes nothing', async () => {
    const victims: Victims = {
      userId: (await newUser('rule-victim@example.com')).id,
      roleId: systemRole,
      ids: async () => undefined,
    };
    const target = {
      teamId: team.growth,
      memberId: (await newUser('rule-idem@example.com', 'rule-pass-1', team.growth)).id,
      trainingId: randomUUID(),
    };
    const digest = async () =>
      (
        await queryRows<{ d: string }>(
          t.db,
          sql`select md5(coalesce((select string_agg(u::text, '|' order by u.id) from users u), '')
              || coalesce((select string_agg(s::text, '|' order by s.id) from sessions s), '')) as d`,
        )
      )[0]?.d;
    await holdRule((route) => {
      const name = key(route);
      if (['POST /api/v1/login', 'POST /api/v1/logout', 'POST /api/v1/reset-password'].includes(name))
        return { exempt: 'needs an answer now: never queued, so no Idempotency-Key is kept' };
      return async () => {
        const path = await fillPath(route, target, victims);
        const sample = writeSamples[name] ?? teamLeadSamples[name];
        const body = (await sample?.body?.(t.db, target)) ?? { changed: true };
        const idempotencyKey = randomUUID();
        const token = tokens.admin;
        await t.call(route.method, path, { token, body: {}, headers: { 'Idempotency-Key': idempotencyKey } });
        const before = await digest();
        const reused = await t.call(route.method, path, {
          token,
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
        });
        expect(reused.status, name).toBe(422);
        expect(reused.body.message, name).toBe(messages.idempotencyKeyReused);
        expect(await digest(), name).toBe(before);
      };
    });
  });
});

describe('account effect declarations', () => {
  it('declares an effect on every route seen writing users or sessions', async () => {
    // Statement triggers log every write to the two tables, so a route's calls show what it touched.
    await t.db.execute(sql`create table if not exists account_write_log (tbl text not null)`);
    await t.db.execute(
      sql.raw(`create or replace function log_account_write() returns trigger language plpgsql as $$
        begin insert into account_write_log values (tg_table_name); return null; end $$`),
    );
    for (const table of ['users', 'sessions'])
      await t.db.execute(
        sql.raw(`create trigger ${table}_write_log after insert or update or delete on ${table}
          for each statement execute function log_account_write()`),
      );
    const target = {
      teamId: team.growth,
      memberId: (await newUser('rule-seen@example.com', 'rule-pass-1', team.growth)).id,
      trainingId: randomUUID(),
    };
    const victims: Victims = {
      userId: (await newUser('rule-seen-victim@example.com')).id,
      roleId: systemRole,
      ids: async () => undefined,
    };
    const order = (route: DeclaredRoute) =>
      route.path.endsWith('/logout') ? 2 : route.method === 'DELETE' ? 1 : 0;
    const writes = declaredRoutes(t.app)
      .filter((route) => route.method !== 'GET')
      .sort((a, b) => order(a) - order(b));
    const undeclared: string[] = [];
    let seen = 0;
    for (const route of writes) {
      const name = key(route);
      const sample = writeSamples[name] ?? teamLeadSamples[name];
      await t.db.execute(sql`delete from account_write_log`);
      await t.call(route.method, await fillPath(route, target, victims), {
        token: tokens.admin,
        body: (await sample?.body?.(t.db, target)) ?? {},
      });
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from account_write_log`,
      );
      if ((row?.n ?? 0) === 0) continue;
      seen += 1;
      if (route.accountEffects.length === 0) undeclared.push(name);
    }
    // Sign-out, sign-in, the new user and member forms and the default team write for sure.
    expect(seen).toBeGreaterThanOrEqual(4);
    expect(undeclared, 'routes that wrote users or sessions without declaring it').toEqual([]);
  });
});
