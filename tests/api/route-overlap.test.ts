import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModules } from '../../server/app.ts';
import { createFileStore } from '../../server/files/store.ts';
import type { AppDeps } from '../../server/http/app-env.ts';
import { createBackground } from '../../server/http/background.ts';
import { declaredRoutes } from '../../server/http/route-table.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { pathParams } from './route-samples.ts';

/**
 * The app mounts its modules from one list, and their order must not decide which handler
 * answers: no request may be claimed by two routes of the same method. A route with a parameter
 * that any text fills (`/course-assignment/:trainingId`) would otherwise take a fixed path beside
 * it (`/course-assignment/course-options`) whenever its router came first.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const SAMPLE_ID = '7f1c1a52-3c4e-4d2b-9a51-0b6f2e8d4c10';

/** The route's path with every parameter filled by a uuid, as a client calls it. */
function samplePath(path: string): string {
  return pathParams(path).reduce((filled, param) => filled.replace(param.text, SAMPLE_ID), path);
}

/** Every route (method and declared path) whose handlers the app's router runs for this request. */
function routesAnswering(method: string, path: string): string[] {
  const [matches] = t.app.router.match(method, path);
  const routes = matches.map(([[, route]]) => route).filter((route) => route.method !== 'ALL');
  return [...new Set(routes.map((route) => `${route.method} ${route.path}`))];
}

describe('route ownership', () => {
  it('sends a request for each declared route to that route alone, whatever the mount order', () => {
    const routes = declaredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(60);
    const shared = routes.flatMap((route) => {
      const own = `${route.method} ${route.path}`;
      const answering = routesAnswering(route.method, samplePath(route.path));
      return answering.length === 1 && answering[0] === own ? [] : [{ own, answering }];
    });
    expect(shared).toEqual([]);
  });

  it('lets no two modules declare the same method and path', () => {
    const deps: AppDeps = {
      db: t.db,
      config: t.config,
      mailer: t.mailer,
      logger: console,
      background: createBackground(console),
      files: createFileStore(t.config.files),
      clock: () => new Date(),
    };
    const owners = new Map<string, string[]>();
    for (const module of apiModules) {
      const own = new Set(
        module(deps)
          .routes.filter((route) => route.method !== 'ALL')
          .map((route) => `${route.method} ${route.path}`),
      );
      for (const key of own) owners.set(key, [...(owners.get(key) ?? []), module.name]);
    }
    expect(owners.size).toBeGreaterThan(60);
    expect([...owners].filter(([, modules]) => modules.length > 1)).toEqual([]);
  });
});
