import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('declares only sign-in and the password routes public', () => {
    const open = declaredRoutes(t.app)
      .filter((route) => route.access?.kind === 'public')
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    expect(open).toEqual([
      'POST /api/v1/forget-password',
      'POST /api/v1/login',
      'POST /api/v1/reset-password',
    ]);
  });
});
