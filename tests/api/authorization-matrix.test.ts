import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AssignmentLearner,
  type CourseAssignmentRow,
  courseAssignmentMessages as m,
  courseAssignmentPaths as p,
} from '../../contract/course-assignments/resource.ts';
import { messages } from '../../contract/messages.ts';
import { queryRows } from '../../server/db/rows.ts';
import { courses } from '../../server/db/schema/courses.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import type { Access } from '../../server/http/access.ts';
import { type DeclaredRoute, declaredRoutes } from '../../server/http/route-table.ts';
import { demo, type TestContext } from './helpers.ts';
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

// An administrator's assignment to the lead's team and another lead's: on every route of it the
// lead reaches the members of the teams they lead, never the other team's; the administrator all.
describe("a team lead on an assignment to their team and another lead's", () => {
  // Sessions of their own: the matrix above signs its callers out.
  let [admin, lead, course] = ['', '', ''];
  type People = { id: string; email: string; name: string; status: boolean }[];
  let [learners, visible, hidden]: [People, People, People] = [[], [], []];

  beforeAll(async () => {
    admin = await t.login(demo.admin.email, demo.admin.password);
    lead = await t.login(demo.lead.email, demo.lead.password);
    const rows = await queryRows<{ id: string; email: string; name: string; status: boolean; led: boolean }>(
      t.db,
      sql`select u.id, u.email, u.first_name || ' ' || u.last_name as name, u.status,
                 exists (select 1 from team_members m join team_leads l on l.team_id = m.team_id
                          where m.user_id = u.id and l.user_id = (select id from users where email = ${demo.lead.email})) as led
            from users u
           where exists (select 1 from team_members m where m.user_id = u.id
                            and m.team_id in (${personas.teams.own.teamId}::uuid, ${personas.teams.foreign.teamId}::uuid))
           order by u.id`,
    );
    [learners, visible, hidden] = [rows, rows.filter((row) => row.led), rows.filter((row) => !row.led)];
    expect(visible.length * hidden.length).toBeGreaterThan(0);
    const [row] = await t.db.select({ id: courses.id }).from(courses).where(eq(courses.status, true));
    course = row?.id as string;
  });

  /** Made by the administrator for the lead's team, assigned to it and to the foreign team. */
  async function twoTeamTraining(title: string): Promise<string> {
    const { own, foreign } = personas.teams;
    const body = { teamId: own.teamId, title, courseIds: [course], assigneeKind: 'teams' };
    const assignees = { assigneeIds: [own.teamId, foreign.teamId] };
    const response = await t.call('POST', p.list, { token: admin, body: { ...body, ...assignees } });
    expect(response.status).toBe(201);
    return response.body.results._id as string;
  }
  const ids = (people: People) => people.map((one) => one.id).sort();
  const enabled = (people: People) => people.filter((one) => one.status);
  /** Mails with this subject in the outbox to any of `people`. */
  async function mailed(subject: string, people: People) {
    const emails = people.map((one) => one.email);
    return t.db.$count(mailOutbox, and(inArray(mailOutbox.to, emails), eq(mailOutbox.subject, subject)));
  }

  it("reads only the lead's members: learners, detail counts, list counts and the fullName filter", async () => {
    const { own } = personas.teams;
    const id = await twoTeamTraining('Matrix two teams read');
    const learnersAs = async (token: string) =>
      ((await t.call('GET', p.learners(id), { token })).body.results as AssignmentLearner[])
        .map((one) => one._id)
        .sort();
    expect(await learnersAs(lead)).toEqual(ids(visible));
    expect(await learnersAs(admin)).toEqual(ids(learners));

    const countsAs = async (token: string) => (await t.call('GET', p.one(id), { token })).body.results.counts;
    expect((await countsAs(lead)).assigned).toBe(enabled(visible).length);
    expect((await countsAs(admin)).assigned).toBe(enabled(learners).length);

    const listAs = async (token: string, more = '') => {
      const query = `team=${own.teamId}&search=Matrix%20two%20teams%20read${more}`;
      return (await t.call('GET', `${p.list}?${query}`, { token })).body.results
        .data as CourseAssignmentRow[];
    };
    expect((await listAs(lead))[0]?.counts.assigned).toBe(enabled(visible).length);
    expect((await listAs(admin))[0]?.counts.assigned).toBe(enabled(learners).length);

    const visibleNames = new Set(visible.map((one) => one.name));
    const stranger = hidden.find((one) => !visibleNames.has(one.name)) as People[number];
    const named = (name: string) => `&fullName=${encodeURIComponent(name)}`;
    expect(await listAs(lead, named(stranger.name))).toEqual([]);
    expect(await listAs(lead, named(visible[0]?.name as string))).toHaveLength(1);
    expect(await listAs(admin, named(stranger.name))).toHaveLength(1);

    // Named one by one, the other team's member is not named to the lead either.
    const pair = [visible[0]?.id, stranger.id] as string[];
    const body = { title: 'Matrix named', courseIds: [course], assigneeKind: 'users', assigneeIds: pair };
    const made = await t.call('POST', p.list, { token: admin, body: { ...body, teamId: own.teamId } });
    const namedAs = async (token: string) =>
      (await t.call('GET', p.one(made.body.results._id), { token })).body.results.assignees
        .map((one: { _id: string }) => one._id)
        .sort();
    expect(await namedAs(lead)).toEqual([visible[0]?.id]);
    expect(await namedAs(admin)).toEqual([...pair].sort());
  });

  it("reassigns and mails only the lead's members, one training or several", async () => {
    const single = await twoTeamTraining('Matrix two teams reassign');
    const userIds = [hidden[0]?.id];
    const outsider = await t.call('POST', p.reassign(single), { token: lead, body: { userIds } });
    expect(outsider.status).toBe(422);
    expect(outsider.body.errors).toEqual({ userIds: m.learnerNotAssigned });
    const all = await t.call('POST', p.reassign(single), { token: lead, body: {} });
    expect(all.body.results).toEqual({ mailed: enabled(visible).length });
    const subject = 'Training reassigned: Matrix two teams reassign';
    expect([await mailed(subject, hidden), await mailed(subject, visible)]).toEqual([
      0,
      all.body.results.mailed,
    ]);

    const bulk = await twoTeamTraining('Matrix two teams bulk');
    const both = await t.call('POST', p.bulkReassign, { token: lead, body: { bulkId: [bulk] } });
    expect(both.body.results).toEqual({ mailed: enabled(visible).length });
    expect(await mailed('Training reassigned: Matrix two teams bulk', hidden)).toBe(0);
    const rounds = await queryRows<{ user_id: string }>(
      t.db,
      sql`select user_id from course_assignment_learners
           where assignment_id in (${single}::uuid, ${bulk}::uuid) and started_at is not null`,
    );
    expect(rounds.filter((row) => ids(hidden).includes(row.user_id))).toEqual([]);
  });

  it('resends and duplicates for the lead to their members only; the administrator reaches everyone', async () => {
    const resent = await twoTeamTraining('Matrix two teams resend');
    const byLead = await t.call('POST', p.resendEmail(resent), { token: lead });
    expect(byLead.body.results).toEqual({ mailed: enabled(visible).length });
    expect(await mailed('Reminder: Matrix two teams resend', hidden)).toBe(0);

    const original = await twoTeamTraining('Matrix two teams copy');
    const copy = await t.call('POST', p.duplicate(original), { token: lead });
    expect(copy.status).toBe(201);
    expect(copy.body.results.counts.assigned).toBe(enabled(visible).length);
    const subject = 'New training assigned: Matrix two teams copy (copy)';
    expect([await mailed(subject, hidden), await mailed(subject, visible)]).toEqual([
      0,
      enabled(visible).length,
    ]);
    const copied = (await t.call('GET', p.learners(copy.body.results._id), { token: admin })).body
      .results as AssignmentLearner[];
    expect(copied.map((one) => one._id).sort()).toEqual(ids(visible));

    const byAdmin = await t.call('POST', p.resendEmail(original), { token: admin });
    expect(byAdmin.body.results).toEqual({ mailed: enabled(learners).length });
    const adminCopy = await t.call('POST', p.duplicate(original), { token: admin });
    expect(adminCopy.body.results.counts.assigned).toBe(enabled(learners).length);
  });
});
