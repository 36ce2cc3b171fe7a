import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMessages } from '../../contract/member.ts';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import { teamLeads } from '../../server/db/schema/teams.ts';
import { users } from '../../server/db/schema/users.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { teamIds } from './team-fixtures.ts';

let t: TestContext;
let team: Awaited<ReturnType<typeof teamIds>>;
let lead: string;
beforeAll(async () => {
  t = await createTestContext();
  team = await teamIds(t.db);
  lead = await t.login(demo.lead.email, demo.lead.password);
});
afterAll(() => t.close());

describe('GET organizations', () => {
  it('lists the teams the user leads by title, with the stored default', async () => {
    const response = await t.call('GET', paths.organizations, { token: lead });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: messages.listFetched,
      results: {
        data: [
          { _id: team.enterprise, title: 'Enterprise Team' },
          { _id: team.growth, title: 'Growth Team' },
        ],
        default: team.growth,
      },
    });
  });

  it('answers the second lead with their one team', async () => {
    const token = await t.login(demo.lead2.email, demo.lead2.password);
    const response = await t.call('GET', paths.organizations, { token });
    expect(response.body.results).toEqual({
      data: [{ _id: team.freedom, title: 'Freedom Team' }],
      default: team.freedom,
    });
  });

  it('falls back to the first team when the stored default is not a led team, and to null with none', async () => {
    const user = await t.createUser({
      email: 'newlead@example.com',
      password: 'secret1',
      defaultTeamId: team.freedom,
    });
    const token = await t.login('newlead@example.com', 'secret1');
    const none = await t.call('GET', paths.organizations, { token });
    expect(none.body.results).toEqual({ data: [], default: null });

    await t.db.insert(teamLeads).values([
      { teamId: team.growth, userId: user.id },
      { teamId: team.enterprise, userId: user.id },
    ]);
    const two = await t.call('GET', paths.organizations, { token });
    expect(two.body.results.default).toBe(team.enterprise);
  });

  it('needs a session', async () => {
    expect((await t.call('GET', paths.organizations)).status).toBe(401);
  });
});

describe('POST set default team', () => {
  it('stores a led team as the default, and the list shows it', async () => {
    const response = await t.call('POST', paths.setDefaultTeam, {
      token: lead,
      body: { defaultTeamId: team.enterprise },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(memberMessages.defaultTeamSet);
    expect(response.body.results.default).toBe(team.enterprise);
    const [row] = await t.db
      .select({ defaultTeamId: users.defaultTeamId })
      .from(users)
      .where(eq(users.email, demo.lead.email));
    expect(row?.defaultTeamId).toBe(team.enterprise);

    const list = await t.call('GET', paths.organizations, { token: lead });
    expect(list.body.results.default).toBe(team.enterprise);
    await t.call('POST', paths.setDefaultTeam, { token: lead, body: { defaultTeamId: team.growth } });
  });

  it('refuses a team the user does not lead with 403, and changes nothing', async () => {
    const response = await t.call('POST', paths.setDefaultTeam, {
      token: lead,
      body: { defaultTeamId: team.freedom },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: messages.forbidden });
    const list = await t.call('GET', paths.organizations, { token: lead });
    expect(list.body.results.default).toBe(team.growth);
  });

  it('validates the id', async () => {
    const response = await t.call('POST', paths.setDefaultTeam, {
      token: lead,
      body: { defaultTeamId: 'x' },
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: messages.validationFailed,
      errors: { defaultTeamId: 'Team is required.' },
    });
  });
});
