import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import type { Access } from '../../server/http/access.ts';
import { type DeclaredRoute, declaredRoutes } from '../../server/http/route-table.ts';
import type { TestContext } from './helpers.ts';
import { ALL_ACTIONS, type Lack, type Lacks, type Personas } from './personas.ts';
import {
  fillPath,
  openRouteTest,
  plainPath,
  type Sample,
  type TeamTarget,
  teamLeadSamples,
  type Victims,
} from './route-samples.ts';

/**
 * Every v1 route, read from the app's routing table, called by five kinds of caller. Which calls
 * must be refused (401 or 403) follows from the route's declared access alone; the test checks
 * each answer against that, and that none is a 5xx.
 */
const PERSONAS = ['anonymous', 'learner', 'lead', 'admin-without', 'admin'] as const;
type Persona = (typeof PERSONAS)[number];
type TargetName = 'own' | 'foreign';

let t: TestContext;
let personas: Personas;
let victims: Victims;
beforeAll(async () => {
  ({ t, personas, victims } = await openRouteTest());
});
afterAll(() => t.close());

const key = (route: DeclaredRoute) => `${route.method} ${plainPath(route.path)}`;

/** What the limited administrator's role lacks for this route. */
function lackFor(access: Access | undefined): Lacks {
  if (access?.kind === 'permission')
    return { module: access.module, submodule: access.submodule, actions: [access.action] };
  // Team-lead routes let administrators who manage teams in; this one may manage nothing there,
  // nor the submodule that lets administrators reach every team's records.
  const teams: Lack = { module: 'user-management', submodule: 'users-team', actions: ALL_ACTIONS };
  if (access?.kind === 'team-lead' && access.area) return [teams, { ...access.area, actions: ALL_ACTIONS }];
  return teams;
}

/** The refusal the declaration calls for (401 or 403), or null when the call must get through. */
function expectedRefusal(
  access: Access | undefined,
  persona: Persona,
  target: TargetName,
  sample: Sample | undefined,
): 401 | 403 | null {
  if (!access) return persona === 'anonymous' ? 401 : 403;
  if (access.kind === 'public') return null;
  if (persona === 'anonymous') return 401;
  if (access.kind === 'signed-in' || persona === 'admin') return null;
  if (access.kind === 'permission') return 403;
  // team-lead: the lead gets through for a team they lead, or where no team is named.
  if (persona === 'lead') return target === 'foreign' && !sample?.teamless ? 403 : null;
  return 403;
}

/** Reads before writes, deletes after them and sign-out last, so no call undoes what a later one needs. */
function callOrder(route: DeclaredRoute): number {
  if (route.path.endsWith('/logout')) return 3;
  if (route.method === 'DELETE') return 2;
  return route.method === 'GET' ? 0 : 1;
}

async function tokenFor(persona: Persona, route: DeclaredRoute): Promise<string | undefined> {
  if (persona === 'anonymous') return undefined;
  if (persona === 'admin-without') return personas.adminWithout(lackFor(route.access));
  return personas.tokens[persona];
}

type Outcome = {
  call: string;
  persona: Persona;
  status: number;
  expected: 401 | 403 | null;
  message: unknown;
};

describe('authorization matrix', () => {
  it('refuses exactly the calls each route declaration calls for, and never answers 5xx', async () => {
    const routes = declaredRoutes(t.app).sort((a, b) => callOrder(a) - callOrder(b));
    const unsampled = routes
      .filter((route) => route.access?.kind === 'team-lead' && !teamLeadSamples[key(route)])
      .map(key);
    expect(unsampled, 'team-lead routes the matrix does not know how to call').toEqual([]);

    const outcomes: Outcome[] = [];
    for (const persona of PERSONAS) {
      for (const route of routes) {
        const sample = route.access?.kind === 'team-lead' ? teamLeadSamples[key(route)] : undefined;
        const targets: TargetName[] =
          route.access?.kind === 'team-lead' && !sample?.teamless ? ['own', 'foreign'] : ['own'];
        for (const targetName of targets) {
          const target: TeamTarget = personas.teams[targetName];
          const path = await fillPath(route, target, victims);
          const query = sample?.query ? `?${new URLSearchParams(sample.query(target))}` : '';
          // Bodies that pass validation only where a team check follows it; elsewhere the gate
          // comes first, and an empty body keeps a call that gets through from writing.
          const body = route.method === 'GET' ? undefined : sample ? await sample.body?.(t.db, target) : {};
          const response = await t.call(route.method, `${path}${query}`, {
            token: await tokenFor(persona, route),
            body,
          });
          outcomes.push({
            call: `${route.method} ${path}${query} (${key(route)}, ${targetName} team)`,
            persona,
            status: response.status,
            expected: expectedRefusal(route.access, persona, targetName, sample),
            message: response.body?.message,
          });
        }
      }
    }

    const refused = outcomes.filter((o) => o.status === 401 || o.status === 403);
    const expectedRefused = outcomes.filter((o) => o.expected !== null);
    console.log(
      `authorization matrix: ${routes.length} routes, ${outcomes.length} calls; ` +
        `refused ${refused.length}, should have been refused ${expectedRefused.length}`,
    );
    const refusalMessage = { 401: messages.unauthenticated, 403: messages.forbidden } as const;
    const wrong = outcomes.filter((o) =>
      o.expected === null
        ? o.status === 401 || o.status === 403
        : o.status !== o.expected || o.message !== refusalMessage[o.expected],
    );
    expect(
      wrong.map(
        (o) =>
          `${o.persona}: ${o.call} got ${o.status} ${String(o.message)}, expected ${o.expected ?? 'through'}`,
      ),
    ).toEqual([]);
    expect(
      outcomes.filter((o) => o.status >= 500).map((o) => `${o.persona}: ${o.call} got ${o.status}`),
    ).toEqual([]);
    expect(refused.length).toBe(expectedRefused.length);
    // Every caller but the full admin was both refused and let through somewhere, so the matrix
    // cannot pass vacuously.
    for (const persona of PERSONAS) {
      expect(outcomes.some((o) => o.persona === persona && o.expected === null)).toBe(true);
      if (persona !== 'admin')
        expect(outcomes.some((o) => o.persona === persona && o.expected !== null)).toBe(true);
    }
  }, 300_000);
});
