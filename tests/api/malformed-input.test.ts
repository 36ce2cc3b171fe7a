import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLessonUploadRequest } from '../../contract/lessons/resource.ts';
import { messages } from '../../contract/messages.ts';
import { isStreamedUpload } from '../../server/app.ts';
import { type DeclaredRoute, declaredRoutes } from '../../server/http/route-table.ts';
import type { TestContext } from './helpers.ts';
import {
  bodyVariants,
  headerVariants,
  LONE_SURROGATE,
  pathValues,
  queryVariants,
  SQL,
  spoil,
} from './malformed-values.ts';
import type { Personas } from './personas.ts';
import {
  fillPath,
  openRouteTest,
  pathParams,
  plainPath,
  teamLeadSamples,
  type Victims,
} from './route-samples.ts';
import { changedTables, snapshot } from './table-snapshot.ts';
import { writeSamples } from './write-samples.ts';

/**
 * Every v1 route, read from the app's routing table, fed malformed path ids, query values and
 * bodies, as the full admin and, on team-lead routes, as the lead of the team. Every answer must
 * be a 4xx with a message (a GET may also answer 2xx where its contract lets a bad query value fall
 * back), never a 5xx, and no table may change.
 */

let t: TestContext;
let personas: Personas;
let victims: Victims;
beforeAll(async () => {
  ({ t, personas, victims } = await openRouteTest());
});
afterAll(() => t.close());

type Call = {
  label: string;
  path: string;
  body?: unknown;
  raw?: string;
  contentType?: string;
  /** Sent instead of the caller's session. */
  headers?: Record<string, string>;
};

/** The route's path with its team (team-lead routes, as the lead) and random ids for the rest. */
function basePath(route: DeclaredRoute, teamId: string | undefined): string {
  let path = route.path;
  for (const param of pathParams(route.path)) {
    path = path.replace(param.text, param.name === 'teamId' && teamId ? teamId : randomUUID());
  }
  return path;
}

/** A variant as a reader can find it again: `page=abc&limit=abc`, long values cut short. */
const describeQuery = (variant: Record<string, string | string[]>) =>
  Object.entries(variant)
    .flatMap(([name, value]) => [value].flat().map((item) => `${name}=${JSON.stringify(item.slice(0, 16))}`))
    .join('&');

async function callsFor(route: DeclaredRoute, teamId: string | undefined): Promise<Call[]> {
  const sample = teamLeadSamples[`${route.method} ${plainPath(route.path)}`];
  const baseQuery = teamId && sample?.query ? sample.query(personas.teams.own) : {};
  const path = basePath(route, teamId);
  const calls: Call[] = [];
  const params = pathParams(route.path);
  for (const [index, param] of params.entries()) {
    for (const value of pathValues) {
      let bad = route.path;
      for (const [other, p] of params.entries())
        bad = bad.replace(p.text, other === index ? encodeURIComponent(value) : randomUUID());
      calls.push({
        label: `:${param.name}=${JSON.stringify(value.slice(0, 16))}`,
        path: bad,
        body: route.method === 'GET' ? undefined : {},
      });
    }
  }
  if (route.method === 'GET') {
    for (const variant of queryVariants) {
      const query = new URLSearchParams(baseQuery);
      for (const [name, value] of Object.entries(variant)) {
        query.delete(name);
        for (const item of [value].flat()) query.append(name, item);
      }
      calls.push({ label: `query ${describeQuery(variant)}`, path: `${path}?${query}` });
    }
  } else {
    for (const variant of bodyVariants) {
      calls.push({ label: `body: ${variant.name}`, path, ...variant });
    }
  }
  for (const headers of headerVariants) {
    const label = `header ${Object.entries(headers).map(([name, value]) => `${name}: ${value.slice(0, 24)}`)}`;
    calls.push({ label, path, headers, body: route.method === 'GET' ? undefined : {} });
  }
  if (route.method !== 'GET') {
    calls.push({ label: 'a malformed Idempotency-Key', path, body: {}, headers: { 'idempotency-key': SQL } });
  }
  // A valid request (team-lead routes and the writes in write-samples.ts) with one field spoiled,
  // on the team's real records, so each field's own check is what stands between it and a write.
  const write = sample ?? writeSamples[`${route.method} ${plainPath(route.path)}`];
  const valid = teamId && write?.body ? await write.body(t.db, personas.teams.own) : undefined;
  if (valid && typeof valid === 'object' && !Array.isArray(valid)) {
    const realPath = await fillPath(route, personas.teams.own, victims);
    // A password and its confirmation spoiled alike, so the two still match.
    const paired = Object.keys(valid).filter((field) => /password/i.test(field));
    if (paired.length === 2) {
      const spoiled = Object.fromEntries(
        paired.map((field) => [field, `${(valid as Record<string, string>)[field]}\u0000`]),
      );
      calls.push({
        label: `valid body but ${paired.join(' and ')} end in NUL`,
        path: realPath,
        body: { ...valid, ...spoiled },
      });
    }
    for (const [field, value] of Object.entries(valid)) {
      for (const spoiled of spoil(value)) {
        calls.push({
          label: `valid body but ${field}=${JSON.stringify(spoiled).slice(0, 24)}`,
          path: realPath,
          body: { ...valid, [field]: spoiled },
        });
      }
    }
  }
  return calls;
}

describe('malformed input', () => {
  it('sees a change to any row of any table', async () => {
    const before = await snapshot(t);
    expect(before.size).toBeGreaterThan(20);
    await t.db.execute(sql`update teams set title = title || ' ' where title = 'Growth Team'`);
    const changed = changedTables(before, await snapshot(t));
    await t.db.execute(sql`update teams set title = 'Growth Team' where title = 'Growth Team '`);
    expect(changed).toEqual(['teams']);
    expect(changedTables(before, await snapshot(t))).toEqual([]);
  });

  it('spoils requests that are valid as sent', async () => {
    // A 422 here would mean the spoiled variants of the next test are refused for a reason other
    // than the field they spoil, and would prove nothing about that field.
    const answers: string[] = [];
    for (const route of declaredRoutes(t.app)) {
      const key = `${route.method} ${plainPath(route.path)}`;
      const sample = teamLeadSamples[key] ?? writeSamples[key];
      if (!sample?.body) continue;
      const path = await fillPath(route, personas.teams.own, victims);
      const response = await t.call(route.method, path, {
        token: personas.tokens.admin,
        body: await sample.body(t.db, personas.teams.own),
      });
      answers.push(`${key} ${response.status === 422 ? JSON.stringify(response.body.errors) : 'valid'}`);
    }
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.filter((answer) => !answer.endsWith(' valid'))).toEqual([]);
  });

  it('refuses a lone surrogate in any write, naming the field, and writes nothing', async () => {
    const routes = declaredRoutes(t.app).filter(
      (route) =>
        route.method !== 'GET' &&
        !route.path.endsWith('/logout') &&
        !isStreamedUpload(route.method, route.path),
    );
    // Built first: a sample may insert the record it is about (a training to delete).
    const planned: { route: DeclaredRoute; path: string; body: Record<string, unknown>; field: string }[] =
      [];
    for (const route of routes) {
      planned.push({
        route,
        path: basePath(route, personas.teams.own.teamId),
        body: { title: LONE_SURROGATE },
        field: 'title',
      });
      // The valid requests, one text field at a time, on the team's real records.
      const key = `${route.method} ${plainPath(route.path)}`;
      const sample = teamLeadSamples[key] ?? writeSamples[key];
      const valid = (await sample?.body?.(t.db, personas.teams.own)) as Record<string, unknown> | undefined;
      const path = await fillPath(route, personas.teams.own, victims);
      for (const [field, value] of Object.entries(valid ?? {}))
        if (typeof value === 'string')
          planned.push({ route, path, body: { ...valid, [field]: `${value}\ud800` }, field });
    }
    const before = await snapshot(t);
    const problems: string[] = [];
    for (const { route, path, body, field } of planned) {
      const response = await t.call(route.method, path, { token: personas.tokens.admin, body });
      if (response.status !== 422 || response.body?.errors?.[field] !== messages.invalidCharacters)
        problems.push(
          `${route.method} ${plainPath(route.path)} with ${field}: ${response.status} ${response.text}`,
        );
    }
    expect(routes.length).toBeGreaterThan(50);
    expect(planned.length).toBeGreaterThan(routes.length + 20);
    expect(problems).toEqual([]);
    expect(changedTables(before, await snapshot(t))).toEqual([]);
  });

  it('refuses a version past a database integer on every versioned PATCH, and writes nothing', async () => {
    // An operation route (PATCH /checklist/operation, /event/category-operation) changes records
    // by bulkId and carries no version.
    const patches = declaredRoutes(t.app).filter(
      (route) => route.method === 'PATCH' && !/[/-]operation$/.test(route.path),
    );
    const before = await snapshot(t);
    const problems: string[] = [];
    for (const route of patches) {
      const query = teamLeadSamples[`PATCH ${plainPath(route.path)}`]?.query?.(personas.teams.own);
      // An activity of the seed's lessons, the one record the route table gives no victim for.
      const filled = route.path.includes(':activityId')
        ? route.path.replace(/:activityId.*$/, (await victims.ids('lesson_activities')) ?? '')
        : await fillPath(route, personas.teams.own, victims);
      const path = `${filled}?${new URLSearchParams(query)}`;
      // An activity is edited as a multipart form, its version a text field like the others.
      const form = new FormData();
      form.set('version', String(2 ** 31));
      const response = await t.call('PATCH', path, {
        token: personas.tokens.admin,
        ...(isLessonUploadRequest('PATCH', path) ? { form } : { body: { version: 2 ** 31 } }),
      });
      if (response.status !== 422 || typeof response.body?.errors?.version !== 'string')
        problems.push(`${plainPath(route.path)}: ${response.status} ${response.text.slice(0, 300)}`);
    }
    expect(patches.length).toBeGreaterThan(10);
    expect(problems).toEqual([]);
    expect(changedTables(before, await snapshot(t))).toEqual([]);
  });

  it('answers every malformed request with a 4xx and a message, never a 5xx, and writes nothing', async () => {
    // Signing out takes no input: it must work whatever a client sends, so it is not probed here.
    const routes = declaredRoutes(t.app).filter((route) => !route.path.endsWith('/logout'));
    const problems: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const callers: { who: string; token: string; teamId?: string }[] = [
        { who: 'admin', token: personas.tokens.admin, teamId: personas.teams.own.teamId },
      ];
      if (route.access?.kind === 'team-lead')
        callers.push({ who: 'lead', token: personas.tokens.lead, teamId: personas.teams.own.teamId });
      // Built first: a sample may insert the record it is about (a training to delete).
      const planned: { caller: (typeof callers)[number]; call: Call }[] = [];
      for (const caller of callers) {
        for (const call of await callsFor(route, caller.teamId)) planned.push({ caller, call });
      }
      const before = await snapshot(t);
      for (const { caller, call } of planned) {
        calls += 1;
        const response = await t
          .call(route.method, call.path, {
            token: call.headers?.authorization ? undefined : caller.token,
            body: call.body,
            rawBody: call.raw,
            headers: { ...call.headers, ...(call.contentType ? { 'content-type': call.contentType } : {}) },
          })
          // A streamed answer that fails half-way throws while its body is read.
          .catch((error: Error) => ({
            status: 599,
            body: undefined,
            text: `stream failed: ${error.message}`,
          }));
        const ok =
          response.status >= 200 &&
          response.status < 300 &&
          route.method === 'GET' &&
          call.label.startsWith('query');
        const clear4xx =
          response.status >= 400 && response.status < 500 && typeof response.body?.message === 'string';
        if (!ok && !clear4xx)
          problems.push(
            `${caller.who}: ${route.method} ${plainPath(route.path)} with ${call.label} got ${response.status} ${response.text.slice(0, 160)}`,
          );
      }
      const changed = changedTables(before, await snapshot(t));
      if (changed.length > 0)
        problems.push(`${route.method} ${plainPath(route.path)} wrote ${changed.join(', ')}`);
    }
    console.log(`malformed input: ${routes.length} routes, ${calls} calls, ${problems.length} problems`);
    expect(calls).toBeGreaterThan(routes.length * 5);
    expect(problems).toEqual([]);
  }, 600_000);
});
