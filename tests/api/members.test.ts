import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PROFILE_PICTURE_BYTES, type MemberDetail, memberMessages } from '../../contract/member.ts';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import { verifyPassword } from '../../server/auth/password.ts';
import { sessions } from '../../server/db/schema/auth.ts';
import { departments, locations, membershipRoles } from '../../server/db/schema/lookups.ts';
import { teamMembers } from '../../server/db/schema/teams.ts';
import { userMembershipRoles, users } from '../../server/db/schema/users.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';
import { images, memberIdsOf, teamIds } from './team-fixtures.ts';

let t: TestContext;
let team: Awaited<ReturnType<typeof teamIds>>;
let lead: string;
let roles: { id: string; name: string }[];
let location: { id: string; title: string };
let department: { id: string; title: string };
beforeAll(async () => {
  t = await createTestContext();
  team = await teamIds(t.db);
  lead = await t.login(demo.lead.email, demo.lead.password);
  roles = await t.db.select().from(membershipRoles).orderBy(membershipRoles.name);
  location = await lookupRow(locations, 'Lisbon');
  department = await lookupRow(departments, 'Design');
});
afterAll(() => t.close());

async function lookupRow(table: typeof locations | typeof departments, title: string) {
  const [row] = await t.db
    .select({ id: table.id, title: table.title })
    .from(table)
    .where(eq(table.title, title));
  if (!row) throw new Error(`No ${title}`);
  return row;
}

type Picture = { bytes: Buffer; name: string; type: string };

function memberForm(fields: Record<string, string>, picture?: Picture): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (picture)
    form.append(
      'profilePicture',
      new Blob([new Uint8Array(picture.bytes)], { type: picture.type }),
      picture.name,
    );
  return form;
}

const newMember = (email: string, extra: Record<string, string> = {}) => ({
  firstName: 'Rowan',
  lastName: 'Hale',
  email,
  password: 'secret1',
  confirmPassword: 'secret1',
  teamId: team.growth,
  ...extra,
});

const add = (form: FormData, token = lead) => t.call('POST', paths.addMember, { token, form });
/** Where the file store on disk keeps a picture (DATA_DIR/files in the tests). */
const picturePath = (publicPath: string) =>
  join(t.config.dataDir, 'files', 'profile-pictures', publicPath.split('/').pop() as string);
const userByEmail = async (email: string) =>
  (await t.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST add member (multipart)', () => {
  it('creates the member with indexed roles, the reset switch and a picture, and serves the picture', async () => {
    const form = memberForm(
      newMember('ROWAN.Hale@example.com', {
        locationId: location.id,
        departmentId: department.id,
        'roleId[0]': roles[2]?.id as string,
        'roleId[1]': roles[0]?.id as string,
        resetPassword: 'true',
      }),
      { bytes: images.png, name: 'me.png', type: 'image/png' },
    );
    const response = await add(form);
    expect(response.status).toBe(201);
    const detail = response.body.results as MemberDetail;
    expect(response.body.message).toBe(`Member '${detail.firstName} ${detail.lastName}' created.`);
    expect(detail).toEqual({
      _id: expect.any(String),
      firstName: 'Rowan',
      lastName: 'Hale',
      email: 'rowan.hale@example.com',
      location: { _id: location.id, title: 'Lisbon' },
      department: { _id: department.id, title: 'Design' },
      roleId: [roles[0], roles[2]].map((role) => ({ _id: role?.id, name: role?.name })),
      resetPassword: true,
      profilePicture: expect.stringMatching(/^\/uploads\/profile-pictures\/[A-Za-z0-9_-]+\.png$/),
      teamIds: [team.growth],
      version: 1,
      editable: true,
    });

    const user = await userByEmail('rowan.hale@example.com');
    expect(user?.requirePasswordReset).toBe(true);
    expect(await verifyPassword('secret1', user?.passwordHash as string)).toBe(true);
    expect(await memberIdsOf(t.db, team.growth)).toContain(user?.id);
    expect(await t.db.$count(userMembershipRoles, eq(userMembershipRoles.userId, user?.id as string))).toBe(
      2,
    );

    const served = await t.app.request(detail.profilePicture as string);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(images.png)).toBe(true);
    expect(readFileSync(picturePath(detail.profilePicture as string)).equals(images.png)).toBe(true);
  });

  it('takes a picture by its content: GIF and JPEG bytes under a .png name are stored as what they are', async () => {
    const cases = [
      { bytes: images.gif, extension: 'gif', type: 'image/gif' },
      { bytes: images.jpeg, extension: 'jpg', type: 'image/jpeg' },
    ];
    for (const [index, picture] of cases.entries()) {
      const response = await add(
        memberForm(newMember(`picture${index}@example.com`), {
          bytes: picture.bytes,
          name: 'x.png',
          type: 'image/png',
        }),
      );
      expect(response.status).toBe(201);
      const path = response.body.results.profilePicture as string;
      expect(path.endsWith(`.${picture.extension}`)).toBe(true);
      const served = await t.app.request(path);
      expect(served.headers.get('content-type')).toBe(picture.type);
    }
  });

  it('refuses a text file named x.png, and a picture over 5 MB, creating nobody', async () => {
    const text = await add(
      memberForm(newMember('text@example.com'), { bytes: images.text, name: 'x.png', type: 'image/png' }),
    );
    expect(text.status).toBe(422);
    expect(text.body).toEqual({
      message: messages.validationFailed,
      errors: { profilePicture: memberMessages.pictureType },
    });

    const big = Buffer.concat([images.png, Buffer.alloc(MAX_PROFILE_PICTURE_BYTES)]);
    const tooBig = await add(
      memberForm(newMember('big@example.com'), { bytes: big, name: 'big.png', type: 'image/png' }),
    );
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors).toEqual({ profilePicture: memberMessages.pictureSize });

    const huge = Buffer.concat([images.png, Buffer.alloc(7 * 1024 * 1024)]);
    const tooLarge = await add(
      memberForm(newMember('huge@example.com'), { bytes: huge, name: 'huge.png', type: 'image/png' }),
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ message: messages.payloadTooLarge });
    for (const email of ['text@example.com', 'big@example.com', 'huge@example.com']) {
      expect(await userByEmail(email)).toBeUndefined();
    }
  });

  it('answers 422 with the contract messages for missing and mismatched fields', async () => {
    const empty = await add(new FormData());
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      message: messages.validationFailed,
      errors: {
        firstName: memberMessages.firstNameRequired,
        lastName: memberMessages.lastNameRequired,
        email: memberMessages.emailRequired,
        teamId: memberMessages.teamRequired,
        password: memberMessages.passwordRequired,
        confirmPassword: memberMessages.confirmPasswordRequired,
      },
    });
    const mismatch = await add(memberForm(newMember('mismatch@example.com', { confirmPassword: 'other1' })));
    expect(mismatch.body.errors).toEqual({ confirmPassword: memberMessages.passwordMismatch });
    const short = await add(
      memberForm(newMember('short@example.com', { password: 'abc', confirmPassword: 'abc' })),
    );
    expect(short.body.errors).toEqual({ password: memberMessages.passwordMin });
  });

  it('answers 422 invalidChoice for a location, department or role that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const response = await add(
      memberForm(
        newMember('choices@example.com', {
          locationId: missing,
          departmentId: missing,
          'roleId[0]': roles[0]?.id as string,
          'roleId[1]': missing,
        }),
      ),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      locationId: memberMessages.invalidChoice,
      departmentId: memberMessages.invalidChoice,
      roleId: memberMessages.invalidChoice,
    });
    expect(await userByEmail('choices@example.com')).toBeUndefined();
  });

  it('answers 409 for an email that is taken, whatever its case', async () => {
    const response = await add(memberForm(newMember('LEAD2@Example.com')));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message: memberMessages.duplicateEmail,
      errors: { email: memberMessages.duplicateEmail },
    });
  });

  it('answers 403 for a team the caller does not lead; nothing is stored', async () => {
    const response = await add(
      memberForm(newMember('elsewhere@example.com', { teamId: team.freedom }), {
        bytes: images.png,
        name: 'p.png',
        type: 'image/png',
      }),
    );
    expect(response.status).toBe(403);
    expect(await userByEmail('elsewhere@example.com')).toBeUndefined();
  });
});

describe('GET member', () => {
  it('answers the detail through a team the caller leads, with or without ?team', async () => {
    const [memberId] = await memberIdsOf(t.db, team.enterprise);
    const withTeam = await t.call('GET', `${paths.member(memberId as string)}?team=${team.enterprise}`, {
      token: lead,
    });
    expect(withTeam.status).toBe(200);
    expect(withTeam.body.results).toMatchObject({ _id: memberId, teamIds: [team.enterprise], version: 1 });
    const without = await t.call('GET', paths.member(memberId as string), { token: lead });
    expect(without.body.results).toEqual(withTeam.body.results);
  });

  it('answers 403 when the caller leads no team of the member, 404 when the member is not in ?team', async () => {
    const [memberId] = await memberIdsOf(t.db, team.enterprise);
    const lead2 = await t.login(demo.lead2.email, demo.lead2.password);
    expect((await t.call('GET', paths.member(memberId as string), { token: lead2 })).status).toBe(403);
    const wrongTeam = await t.call('GET', `${paths.member(memberId as string)}?team=${team.growth}`, {
      token: lead,
    });
    expect(wrongTeam.status).toBe(404);
    const bad = await t.call('GET', `${paths.member(memberId as string)}?team=nope`, { token: lead });
    expect(bad.status).toBe(422);
  });
});

describe('PATCH member (multipart)', () => {
  async function created(email: string, picture?: Picture): Promise<MemberDetail> {
    const response = await add(memberForm(newMember(email), picture));
    expect(response.status).toBe(201);
    return response.body.results;
  }
  const patch = (memberId: string, form: FormData) =>
    t.call('PATCH', paths.member(memberId), { token: lead, form });
  const edit = (detail: MemberDetail, extra: Record<string, string> = {}) => ({
    firstName: detail.firstName,
    lastName: detail.lastName,
    email: detail.email,
    teamId: team.growth,
    version: String(detail.version),
    ...extra,
  });

  it('updates the fields, keeps the password when none is typed, and bumps the version', async () => {
    const detail = await created('patch-me@example.com');
    const before = await userByEmail('patch-me@example.com');
    const response = await patch(
      detail._id,
      memberForm(
        edit(detail, {
          firstName: 'Renamed',
          locationId: location.id,
          'roleId[1]': roles[1]?.id as string,
          'roleId[0]': roles[3]?.id as string,
          resetPassword: 'true',
          password: '',
          confirmPassword: '',
        }),
      ),
    );
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(`Member 'Renamed ${detail.lastName}' updated.`);
    expect(response.body.results).toMatchObject({
      firstName: 'Renamed',
      location: { _id: location.id, title: 'Lisbon' },
      roleId: [roles[1], roles[3]].map((role) => ({ _id: role?.id, name: role?.name })),
      resetPassword: true,
      version: 2,
    });
    const after = await userByEmail('patch-me@example.com');
    expect(after?.passwordHash).toBe(before?.passwordHash);
  });

  it("sets a typed password and ends the member's sessions", async () => {
    const detail = await created('new-password@example.com');
    await t.login('new-password@example.com', 'secret1');
    const response = await patch(
      detail._id,
      memberForm(edit(detail, { password: 'better1', confirmPassword: 'better1' })),
    );
    expect(response.status).toBe(200);
    const user = await userByEmail('new-password@example.com');
    expect(await verifyPassword('better1', user?.passwordHash as string)).toBe(true);
    expect(
      await t.db.$count(sessions, and(eq(sessions.userId, detail._id), isNull(sessions.revokedAt))),
    ).toBe(0);
  });

  it('answers 409 with the current record for a stale version, changing nothing', async () => {
    const detail = await created('stale@example.com');
    expect((await patch(detail._id, memberForm(edit(detail, { lastName: 'First' })))).status).toBe(200);
    const stale = await patch(detail._id, memberForm(edit(detail, { lastName: 'Second' })));
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: memberMessages.staleVersion,
      results: expect.objectContaining({ _id: detail._id, lastName: 'First', version: 2 }),
    });
    expect((await userByEmail('stale@example.com'))?.lastName).toBe('First');
  });

  it("answers 409 for another user's email", async () => {
    const detail = await created('mine@example.com');
    const response = await patch(detail._id, memberForm(edit(detail, { email: 'Admin@Example.com' })));
    expect(response.status).toBe(409);
    expect(response.body.errors).toEqual({ email: memberMessages.duplicateEmail });
    expect((await userByEmail('mine@example.com'))?.version).toBe(1);
  });

  it('replaces the picture, deleting the old file, and removes it on request', async () => {
    const detail = await created('pictured@example.com', {
      bytes: images.png,
      name: 'a.png',
      type: 'image/png',
    });
    const first = detail.profilePicture as string;
    expect(existsSync(picturePath(first))).toBe(true);

    // 2 MB: over the 1 MB limit of JSON bodies, within the member form's.
    const largeGif = Buffer.concat([images.gif, Buffer.alloc(2 * 1024 * 1024)]);
    const replaced = await patch(
      detail._id,
      memberForm(edit(detail), { bytes: largeGif, name: 'b.gif', type: 'image/gif' }),
    );
    expect(replaced.status).toBe(200);
    const second = replaced.body.results.profilePicture as string;
    expect(second).toMatch(/\.gif$/);
    expect(existsSync(picturePath(first))).toBe(false);
    expect((await t.app.request(first)).status).toBe(404);

    const removed = await patch(
      detail._id,
      memberForm(edit(replaced.body.results, { removeProfilePicture: 'true' })),
    );
    expect(removed.body.results.profilePicture).toBeNull();
    expect(existsSync(picturePath(second))).toBe(false);
  });

  it("answers 404 when the member is not in the form's team, 403 for a team the caller does not lead", async () => {
    const [enterpriseMember] = await memberIdsOf(t.db, team.enterprise);
    const [freedomMember] = await memberIdsOf(t.db, team.freedom);
    const fields = { firstName: 'X', lastName: 'Y', email: 'xy@example.com' };
    const notInTeam = await patch(enterpriseMember as string, memberForm({ ...fields, teamId: team.growth }));
    expect(notInTeam.status).toBe(404);
    const forbidden = await patch(freedomMember as string, memberForm({ ...fields, teamId: team.freedom }));
    expect(forbidden.status).toBe(403);
    expect(
      await t.db.$count(
        teamMembers,
        and(eq(teamMembers.teamId, team.growth), eq(teamMembers.userId, enterpriseMember as string)),
      ),
    ).toBe(0);
  });
});
