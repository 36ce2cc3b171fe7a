import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, parseCsv } from '../../contract/csv.ts';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import { USER_CSV_COLUMNS } from '../../contract/user-csv.ts';
import { userMessages, userPaths } from '../../contract/users.ts';
import { administratorRoles } from '../../server/db/schema/administrator-roles.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { userGroupMembers } from '../../server/db/schema/user-groups.ts';
import { userMembershipRoles, userProfileValues, users } from '../../server/db/schema/users.ts';
import { demo, type TestContext } from './helpers.ts';
import {
  countUsers,
  openUsersTest,
  profileField,
  tokenWithUserPermissions,
  type UserLookups,
  validUser,
} from './users-fixtures.ts';

let t: TestContext;
let admin: string;
let l: UserLookups;
beforeAll(async () => {
  ({ t, admin, l } = await openUsersTest());
});
afterAll(() => t.close());

const exportCsv = async (query: Record<string, string> = {}) => {
  const response = await t.call('GET', `${userPaths.export}?${new URLSearchParams(query)}`, { token: admin });
  const { records, error } = parseCsv(response.text);
  expect(error).toBeNull();
  const [header, ...rows] = records;
  return { response, header, rows, emails: rows.map((row) => row[2]) };
};
const userCount = () => countUsers(t.db);
const importCsv = (csv: string, firstRow?: number) =>
  t.call('POST', userPaths.batch, { token: admin, body: firstRow ? { csv, firstRow } : { csv } });

describe('GET /user/export', () => {
  it('writes every user, newest first, with the contract columns and a file name', async () => {
    const { response, header, rows } = await exportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(header?.slice(0, USER_CSV_COLUMNS.length)).toEqual([...USER_CSV_COLUMNS]);
    const published = await t.call('GET', userPaths.publishedProfileFields, { token: admin });
    expect(header?.slice(USER_CSV_COLUMNS.length)).toEqual(
      published.body.results.map((f: { name: string }) => f.name),
    );
    expect(rows).toHaveLength(await userCount());
    const dates = rows.map((row) => row[8] as string);
    expect([...dates].sort().reverse()).toEqual(dates);
    const adminRow = rows.find((row) => row[2] === demo.admin.email)?.slice(0, USER_CSV_COLUMNS.length);
    expect(adminRow).toEqual([
      'System',
      'Administrator',
      demo.admin.email,
      '',
      '',
      expect.any(String),
      'Administrator',
      'true',
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    ]);
  });

  it('applies the list filters and the limit, with a column per published profile field', async () => {
    const badge = await profileField(t.db, { name: 'Export badge' });
    const body = validUser(l, {
      email: 'csv.filter@example.com',
      profileFields: { ...l.requiredFields, [badge]: '=E-1001' },
      groupId: [l.groups.Onboarding as string, l.groups.Sales as string],
      roleId: [l.roles.Empire as string, l.roles.Growth as string],
      membershipId: l.levels.Bronze as string,
    });
    expect((await t.call('POST', userPaths.list, { token: admin, body })).status).toBe(201);
    const { header, rows } = await exportCsv({
      search: 'csv.filter',
      user_group: l.groups.Onboarding as string,
    });
    expect(rows[0]?.[header?.indexOf('Export badge') as number]).toBe("'=E-1001");
    expect(rows.map((row) => row.slice(0, USER_CSV_COLUMNS.length))).toEqual([
      [
        'Ada',
        'Lovelace',
        'csv.filter@example.com',
        'Bronze',
        'Empire;Growth',
        'Onboarding;Sales',
        '',
        'true',
        expect.any(String),
      ],
    ]);
    expect((await exportCsv({ search: 'csv.filter', membership: l.levels.Gold as string })).rows).toEqual([]);
    expect((await exportCsv({ status: 'false' })).rows).toEqual([]);
    const limited = await exportCsv({ limit: '5' });
    expect(limited.rows).toHaveLength(5);
    const list = await t.call('GET', `${userPaths.list}?limit=10`, { token: admin });
    expect(limited.emails).toEqual(
      list.body.results.data.slice(0, 5).map((row: { email: string }) => row.email),
    );
  });

  it('reads past one batch without repeating or losing a row', async () => {
    // More users than a batch, all created in one statement so they share created_at.
    await t.db.execute(sql`insert into users (first_name, last_name, email, password_hash, created_at)
      select 'Bulk', 'User ' || i, 'bulk' || i || '@example.com', '!', now() from generate_series(1, 1100) i`);
    const { emails } = await exportCsv({ search: 'bulk' });
    expect(emails).toHaveLength(1100);
    expect(new Set(emails).size).toBe(1100);
  });

  it('quotes per RFC 4180 and defuses formulas', async () => {
    await t.createUser({
      email: 'formula@example.com',
      password: 'secret12',
      firstName: '=HYPERLINK("http://x","y")',
      lastName: 'Smith, "Jr"\nthe second',
    });
    const { rows } = await exportCsv({ search: 'formula@' });
    expect(rows[0]?.slice(0, 3)).toEqual([
      '\'=HYPERLINK("http://x","y")',
      'Smith, "Jr"\nthe second',
      'formula@example.com',
    ]);
    const { response } = await exportCsv({ search: 'formula@' });
    expect(response.text).toContain('"\'=HYPERLINK(""http://x"",""y"")","Smith, ""Jr""\nthe second"');
  });
});

describe('POST /user/batch', () => {
  // Rows also fill the seed's published Employee Number field, read by its column name.
  const header = 'firstName,lastName,email,membership,roles,groups,administrativeRole,Employee Number';

  it('creates the valid rows, refuses the others with a reason, and mails each new user a link', async () => {
    const csv = [
      header,
      'Imported,One,imported1@example.com,Gold,Growth;Empire,Sales,,E-1',
      ',Two,imported2@example.com,Gold,Growth,Sales,,E-1',
      'Imported,Three,not-an-email,Gold,Growth,Sales,,E-1',
      'Imported,Four,imported4@example.com,Iron,Growth;Steel,Sales,,E-1',
      `Imported,Five,${demo.lead.email},Gold,Growth,Sales,,E-1`,
      'Imported,Six,IMPORTED1@example.com,Gold,Growth,Sales,,E-1',
      'Imported,Seven,imported7@example.com,Gold,,,,E-1',
      '"Imported, Jr",Eight,imported8@example.com,silver,growth,sales,Content Manager,E-8',
      '',
    ].join('\r\n');
    const before = await userCount();
    const response = await importCsv(csv);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(userMessages.imported);
    expect(response.body.results).toEqual({
      created: 2,
      updated: 1,
      refused: 5,
      rows: [
        { row: 2, email: 'imported1@example.com', status: 'created', reason: '' },
        { row: 3, email: 'imported2@example.com', status: 'refused', reason: 'First name is required.' },
        { row: 4, email: 'not-an-email', status: 'refused', reason: 'Email must be a valid email address.' },
        {
          row: 5,
          email: 'imported4@example.com',
          status: 'refused',
          reason: 'Unknown membership level: Iron. Unknown membership role: Steel.',
        },
        // An email with an account updates that user (see the round trip below).
        { row: 6, email: demo.lead.email, status: 'updated', reason: '' },
        {
          row: 7,
          email: 'IMPORTED1@example.com',
          status: 'refused',
          reason: userMessages.importRepeatedEmail,
        },
        {
          row: 8,
          email: 'imported7@example.com',
          status: 'refused',
          reason: 'You must select at least one role. You must select at least one user group.',
        },
        { row: 9, email: 'imported8@example.com', status: 'created', reason: '' },
      ],
    });
    expect(await userCount()).toBe(before + 2);
    const created = await t.db
      .select()
      .from(users)
      .where(inArray(users.email, ['imported1@example.com', 'imported8@example.com']));
    const eighth = created.find((user) => user.email === 'imported8@example.com');
    expect(eighth).toMatchObject({
      firstName: 'Imported, Jr',
      membershipLevelId: l.levels.Silver,
      administrativeRoleId: l.adminRoles['Content Manager'],
      requirePasswordReset: true,
    });
    const first = created.find((user) => user.email === 'imported1@example.com');
    expect(await t.db.$count(userMembershipRoles, eq(userMembershipRoles.userId, first?.id as string))).toBe(
      2,
    );
    expect(await t.db.$count(userGroupMembers, eq(userGroupMembers.userId, first?.id as string))).toBe(1);

    // The mailed link sets a password, which then signs in.
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'imported1@example.com'));
    const token = /reset-password\/(\S+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const reset = await t.call('POST', paths.resetPassword, {
      body: { token, newPassword: 'chosen12', confirmPassword: 'chosen12' },
    });
    expect(reset.status).toBe(200);
    expect(await t.login('imported1@example.com', 'chosen12')).toEqual(expect.any(String));
  });

  it('reads columns by name in any order, ignores extra ones, and numbers rows from firstRow', async () => {
    const csv = `createdAt,GROUPS,roles,email,lastName,firstName,membership,status,employee number\r\nx,Sales,Growth,moved@example.com,Col,Moved,Gold,false,E-2\r\n`;
    const response = await importCsv(csv, 101);
    expect(response.body.results.rows).toEqual([
      { row: 101, email: 'moved@example.com', status: 'created', reason: '' },
    ]);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'moved@example.com'));
    expect(user?.status).toBe(true);
  });

  it('imports what it exported: a new email creates a user with the same groups', async () => {
    const { response } = await exportCsv({ search: 'csv.filter' });
    const again = await importCsv(response.text.replace('csv.filter@', 'csv.again@'));
    expect(again.body.results).toMatchObject({ created: 1, updated: 0, refused: 0 });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'csv.again@example.com'));
    expect(await t.db.$count(userGroupMembers, eq(userGroupMembers.userId, user?.id as string))).toBe(2);
  });

  it('checks published profile fields named as columns', async () => {
    const shirt = await profileField(t.db, {
      name: 'Shirt size',
      type: 'select',
      options: ['S', 'M'],
      required: true,
    });
    const csv = `${header},Shirt size\r\nA,B,shirt1@example.com,Gold,Growth,Sales,,E-1,M\r\nA,B,shirt2@example.com,Gold,Growth,Sales,,E-1,XL\r\nA,B,shirt3@example.com,Gold,Growth,Sales,,E-1,\r\n`;
    const response = await importCsv(csv);
    expect(response.body.results.rows.map((row: { reason: string }) => row.reason)).toEqual([
      '',
      `Shirt size: ${userMessages.invalidChoice}`,
      `Shirt size: ${userMessages.profileFieldRequired}`,
    ]);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'shirt1@example.com'));
    const values = await t.db
      .select()
      .from(userProfileValues)
      .where(eq(userProfileValues.userId, user?.id as string));
    expect(values.filter((value) => value.fieldId === shirt)).toEqual([
      { userId: user?.id, fieldId: shirt, value: 'M' },
    ]);
    await t.db.execute(sql`update profile_fields set status = false where id = ${shirt}`);
  });

  it('refuses a file it cannot read, writing nothing', async () => {
    const before = await userCount();
    const cases: [unknown, number, string | undefined][] = [
      [{ csv: 'firstName,lastName,email\r\nA,B,c@example.com\r\n' }, 422, userMessages.importMissingColumns],
      [{ csv: `${header}\r\n\r\n` }, 422, userMessages.importEmpty],
      [{ csv: `${header}\r\n"unclosed,B,c@example.com,Gold,Growth,Sales,\r\n` }, 422, undefined],
      [
        { csv: `${header}\r\n${'A,B,c@example.com,Gold,Growth,Sales,\r\n'.repeat(1001)}` },
        422,
        userMessages.importTooMany,
      ],
      [{ csv: '' }, 422, userMessages.importCsvRequired],
      [
        { csv: `${header}\r\na\u0000b,B,nul@example.com,Gold,Growth,Sales,,E-1\r\n` },
        422,
        messages.invalidCharacters,
      ],
      [{ csv: 42 }, 422, userMessages.importCsvRequired],
      [{}, 422, userMessages.importCsvRequired],
      [{ csv: `${header}\r\n`, firstRow: 1 }, 422, undefined],
    ];
    for (const [body, status, message] of cases) {
      const response = await t.call('POST', userPaths.batch, { token: admin, body });
      expect(response.status).toBe(status);
      if (message) expect(response.body.errors.csv).toBe(message);
    }
    const tooBig = await importCsv(`${header}\r\n${'x'.repeat(1100 * 1024)}`);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(messages.payloadTooLarge);
    expect(await userCount()).toBe(before);
  });
});

describe('POST /user/batch with an exported file (import again)', () => {
  const detail = async (email: string) => {
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const { version: _version, ...rest } = (
      await t.call('GET', userPaths.one(user?.id as string), { token: admin })
    ).body.results;
    return rest;
  };
  const mailsTo = (email: string) => t.db.$count(mailOutbox, eq(mailOutbox.to, email));
  const groupJoinDates = (email: string) =>
    t.db
      .select({ groupId: userGroupMembers.groupId, joinedAt: userGroupMembers.joinedAt })
      .from(userGroupMembers)
      .innerJoin(users, eq(users.id, userGroupMembers.userId))
      .where(eq(users.email, email))
      .orderBy(userGroupMembers.groupId);
  let years: string;

  beforeAll(async () => {
    years = await profileField(t.db, { name: 'Round years', type: 'number' });
    // A user made in the administration with every column filled...
    const full = validUser(l, {
      email: 'round.trip.full@example.com',
      groupId: [l.groups.Onboarding as string, l.groups.Sales as string],
      roleId: [l.roles.Empire as string, l.roles.Growth as string],
      adminstrativeRoleId: l.adminRoles['Content Manager'] as string,
      profileFields: { ...l.requiredFields, [years]: '7' },
    });
    expect((await t.call('POST', userPaths.list, { token: admin, body: full })).status).toBe(201);
    // ...and a member as a team lead adds one: no membership level, membership role or user group.
    await t.createUser({
      email: 'round.trip.member@example.com',
      password: 'secret12',
      firstName: 'Lead',
      lastName: 'Added',
    });
  });

  it('updates each user from their row, changing nothing, keeping passwords and sending no mail', async () => {
    const exported = await exportCsv({ search: 'round.trip' });
    expect(exported.emails.sort()).toEqual(['round.trip.full@example.com', 'round.trip.member@example.com']);
    const before = {
      full: await detail('round.trip.full@example.com'),
      member: await detail('round.trip.member@example.com'),
    };
    const mailsBefore = await mailsTo('round.trip.member@example.com');
    const joinedBefore = await groupJoinDates('round.trip.full@example.com');

    const again = await importCsv(exported.response.text);
    expect(again.status).toBe(200);
    expect(again.body.results).toMatchObject({ created: 0, updated: 2, refused: 0 });
    expect(again.body.results.rows.map((row: { status: string }) => row.status)).toEqual([
      'updated',
      'updated',
    ]);

    expect(await detail('round.trip.full@example.com')).toEqual(before.full);
    expect(await detail('round.trip.member@example.com')).toEqual(before.member);
    expect((await exportCsv({ search: 'round.trip' })).rows).toEqual(exported.rows);
    expect(await t.login('round.trip.member@example.com', 'secret12')).toEqual(expect.any(String));
    expect(await mailsTo('round.trip.member@example.com')).toBe(mailsBefore);
    // Groups the row keeps are the same memberships, with the day each began.
    expect(joinedBefore.length).toBeGreaterThan(0);
    expect(await groupJoinDates('round.trip.full@example.com')).toEqual(joinedBefore);
    // The record moved on: an Edit User form opened before is told so.
    const [row] = await t.db
      .select({ version: users.version })
      .from(users)
      .where(eq(users.email, 'round.trip.full@example.com'));
    expect(row?.version).toBe(2);
  });

  it('sets what an edited row fills in and keeps what it leaves blank', async () => {
    const { header, rows } = await exportCsv({ search: 'round.trip.full' });
    const columns = header as string[];
    const edited = [...(rows[0] as string[])];
    const set = (name: string, value: string) => {
      edited[columns.indexOf(name)] = value;
    };
    set('lastName', 'Renamed');
    set('membership', 'Silver');
    set('roles', 'Freedom');
    set('groups', '');
    set('administrativeRole', '');
    set('Round years', '');
    const csv = [columns, edited].map((cells) => cells.map((cell) => csvField(cell)).join(',')).join('\r\n');
    const response = await importCsv(csv);
    expect(response.body.results).toMatchObject({ updated: 1, refused: 0 });
    expect(await detail('round.trip.full@example.com')).toMatchObject({
      firstName: 'Ada',
      lastName: 'Renamed',
      membership: { name: 'Silver' },
      membershipRoles: [{ name: 'Freedom' }],
      groups: expect.arrayContaining([{ _id: l.groups.Onboarding, name: 'Onboarding' }]),
      administrativeRole: { name: 'Content Manager' },
      profileFields: expect.objectContaining({ [years]: '7' }),
    });
  });

  it('changes only accounts the caller may change, and gives roles only as the user form may', async () => {
    const header = 'firstName,lastName,email,membership,roles,groups,administrativeRole';
    const editor = await tokenWithUserPermissions(t, 'csv.editor@example.com', {
      canView: true,
      canAdd: true,
      canEdit: true,
    });
    const adder = await tokenWithUserPermissions(t, 'csv.adder@example.com', { canView: true, canAdd: true });
    const send = (token: string, lines: string[]) =>
      t.call('POST', userPaths.batch, { token, body: { csv: [header, ...lines].join('\r\n') } });
    const reasons = (response: { body: { results: { rows: { status: string; reason: string }[] } } }) =>
      response.body.results.rows.map((row) => [row.status, row.reason]);
    const adminBefore = await detail(demo.admin.email);
    const memberBefore = await detail('round.trip.member@example.com');

    // A role that may edit users, but not roles, changes neither the administrator (whose role
    // grants more) nor anyone's administrator role; a plain account it may change.
    const asEditor = await send(editor, [
      `System,Taken,${demo.admin.email},,,,`,
      'Lead,Added,round.trip.member@example.com,,,,Content Manager',
    ]);
    expect(reasons(asEditor)).toEqual([
      ['refused', userMessages.accountAboveCaller],
      ['refused', userMessages.importRoleNotGranted],
    ]);
    expect(await detail('round.trip.member@example.com')).toEqual(memberBefore);
    const plain = await send(editor, ['Lead,Edited,round.trip.member@example.com,,,,']);
    expect(reasons(plain)).toEqual([['updated', '']]);
    expect(await detail(demo.admin.email)).toEqual(adminBefore);
    expect(await detail('round.trip.member@example.com')).toEqual({ ...memberBefore, lastName: 'Edited' });

    // A role that may only add users changes no existing user.
    const asAdder = await send(adder, ['Lead,Again,round.trip.member@example.com,,,,']);
    expect(reasons(asAdder)).toEqual([['refused', userMessages.importNoEdit]]);
    expect((await detail('round.trip.member@example.com')).lastName).toBe('Edited');

    // Nobody takes the built-in role from its last enabled user.
    const holders = await t.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(administratorRoles, eq(administratorRoles.id, users.administrativeRoleId))
      .where(and(eq(administratorRoles.isSystem, true), eq(users.status, true)));
    expect(holders).toHaveLength(1);
    const demote = await send(admin, [`System,Administrator,${demo.admin.email},,,,Content Manager`]);
    expect(reasons(demote)).toEqual([['refused', userMessages.lastSystemAdmin]]);
    expect(await detail(demo.admin.email)).toEqual(adminBefore);
  });
});

describe('GET /user/published-user-profile-field', () => {
  it('lists published fields with group, type, options and required flag', async () => {
    const id = await profileField(t.db, { name: 'Team colour', type: 'radio', options: ['Red', 'Blue'] });
    await profileField(t.db, { name: 'Hidden', status: false });
    const response = await t.call('GET', userPaths.publishedProfileFields, { token: admin });
    expect(response.status).toBe(200);
    const names = response.body.results.map((field: { name: string }) => field.name);
    expect(names).toContain('Team colour');
    expect(names).not.toContain('Hidden');
    expect(response.body.results.find((field: { _id: string }) => field._id === id)).toEqual({
      _id: id,
      name: 'Team colour',
      type: 'radio',
      options: ['Red', 'Blue'],
      required: false,
      group: { _id: expect.any(String), name: 'Group of Team colour', sort: 1 },
    });
  });

  it('makes a required published field required on the form, and stores the values', async () => {
    const id = await profileField(t.db, { name: 'Badge', required: true });
    const missing = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, { email: 'badge@example.com' }),
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ [`profileFields.${id}`]: userMessages.profileFieldRequired });
    const ok = await t.call('POST', userPaths.list, {
      token: admin,
      body: validUser(l, {
        email: 'badge@example.com',
        profileFields: { ...l.requiredFields, [id]: ' B-12 ' },
      }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.results.profileFields).toEqual({ ...l.requiredFields, [id]: 'B-12' });
    await t.db.execute(sql`update profile_fields set status = false where id = ${id}`);
  });
});
