import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_ACTIONS } from '../../server/auth/permissions.ts';
import { modules, submodules } from '../../server/db/schema/modules.ts';
import { UUID_PARAM } from '../../server/http/path-id.ts';
import { declaredRoutes } from '../../server/http/route-table.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('route declarations', () => {
  it('gives every v1 endpoint a declared access', () => {
    const routes = declaredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((route) => !route.access).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('declares only sign-in, the password routes, signed file links, the certificate check and calendar feeds public', () => {
    const open = declaredRoutes(t.app)
      .filter((route) => route.access?.kind === 'public')
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    // A file link's signature is its credential (server/files/signed-url.ts), as is a lesson embed's.
    // A certificate's check answers only what the certificate itself shows, to whoever holds its code.
    // A calendar feed's address carries a random token, the credential a calendar app can send.
    expect(open).toEqual([
      'GET /api/v1/calendar/:token{[A-Za-z0-9_-]+(?:\\.ics)?}',
      'GET /api/v1/certificate/verify/:code',
      'GET /api/v1/files/*',
      `GET /api/v1/lesson/embed/:activityId${UUID_PARAM}/:expires/:signature/*`,
      'POST /api/v1/forget-password',
      'POST /api/v1/login',
      'POST /api/v1/reset-password',
    ]);
  });

  it('names only submodules and actions that exist, so no permission route is closed to every role', async () => {
    const rows = await t.db
      .select({ module: modules.slug, submodule: submodules.slug })
      .from(submodules)
      .innerJoin(modules, eq(modules.id, submodules.moduleId));
    const known = new Set(rows.map((row) => `${row.module}/${row.submodule}`));
    const unknown = declaredRoutes(t.app).flatMap((route) =>
      route.access?.kind === 'permission' &&
      !(
        known.has(`${route.access.module}/${route.access.submodule}`) &&
        (PERMISSION_ACTIONS as readonly string[]).includes(route.access.action)
      )
        ? [
            `${route.method} ${route.path}: ${route.access.module}/${route.access.submodule} ${route.access.action}`,
          ]
        : [],
    );
    expect(unknown).toEqual([]);
  });
});
