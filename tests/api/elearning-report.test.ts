import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../contract/csv.ts';
import { ELEARNING_INTERACTION_COLUMNS, type ElearningLearnerRow } from '../../contract/elearning/report.ts';
import { elearningPaths as paths } from '../../contract/elearning/resource.ts';
import { elearningRecords } from '../../server/db/schema/elearning.ts';
import { scormPackage } from '../e2e/support/scorm-packages.ts';
import { uploadPackage } from './elearning-import-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
let packageId: string;
let oldPackageId: string;
const people: Record<string, { id: string; email: string }> = {};
const run = Date.now().toString(36);

type NewRecord = typeof elearningRecords.$inferInsert;
const record = (who: string, scoId: string, fields: Partial<NewRecord>): NewRecord => ({
  userId: people[who]?.id as string,
  packageId,
  scoId,
  launchedAt: new Date('2026-03-01T09:00:00Z'),
  sessions: 1,
  ...fields,
});

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  const zip = await scormPackage({
    version: '2004-4',
    title: 'Two parts',
    scos: [
      { identifier: 'sco-1', title: 'Part one', href: 'one.html' },
      { identifier: 'sco-2', title: 'Part two', href: 'two.html' },
    ],
  });
  packageId = (await uploadPackage(t, admin, zip)).body.results._id;
  oldPackageId = (await uploadPackage(t, admin, await scormPackage({ version: '1.2', title: 'Old one' })))
    .body.results._id;
  for (const [name, last] of [
    ['Ada', 'Passed'],
    ['Ben', 'Halfway'],
    ['Cy', 'Untouched'],
    ['Dee', 'Completed'],
    ['Eve', 'Failed'],
  ] as const) {
    const email = `${name.toLowerCase()}-${run}@example.com`;
    const user = await t.createUser({ email, password: 'learner-pass-1', firstName: name, lastName: last });
    people[name] = { id: user.id, email };
  }
  const at = (day: number) => new Date(`2026-03-${String(day).padStart(2, '0')}T10:00:00Z`);
  await t.db.insert(elearningRecords).values([
    record('Ada', 'sco-1', {
      completionStatus: 'completed',
      successStatus: 'passed',
      scoreScaled: 0.9,
      totalSeconds: 120,
      lastAccessAt: at(2),
      doneAt: at(2),
      cmi: {
        'cmi.interactions.0.id': 'q-forks',
        'cmi.interactions.0.description': 'How many forks?',
        'cmi.interactions.0.learner_response': 'two',
        'cmi.interactions.0.correct_responses.0.pattern': 'two',
        'cmi.interactions.0.result': 'correct',
        'cmi.interactions.0.latency': 'PT12S',
        'cmi.interactions.0.timestamp': '2026-03-02T10:00:00Z',
        'cmi.interactions.1.id': 'q-load',
        'cmi.interactions.1.learner_response': '=SUM(A1)',
        'cmi.interactions.1.result': 'incorrect',
      },
    }),
    record('Ada', 'sco-2', {
      completionStatus: 'completed',
      successStatus: 'passed',
      scoreScaled: 0.8,
      totalSeconds: 60.4,
      lastAccessAt: at(3),
    }),
    record('Ben', 'sco-1', {
      attempt: 1,
      completionStatus: 'completed',
      successStatus: 'failed',
      scoreRaw: 20,
      scoreMax: 100,
      totalSeconds: 30,
      lastAccessAt: at(4),
    }),
    record('Ben', 'sco-1', {
      attempt: 2,
      completionStatus: 'completed',
      successStatus: 'passed',
      scoreRaw: 7,
      scoreMax: 10,
      totalSeconds: 40,
      lastAccessAt: at(5),
    }),
    record('Cy', 'sco-1', { launchedAt: null, sessions: 0, lastAccessAt: at(1) }),
    record('Dee', 'sco-1', { completionStatus: 'completed', totalSeconds: 10, lastAccessAt: at(6) }),
    record('Dee', 'sco-2', {
      completionStatus: 'incomplete',
      doneAt: at(6),
      totalSeconds: 5,
      lastAccessAt: at(6),
    }),
    record('Eve', 'sco-1', {
      completionStatus: 'completed',
      successStatus: 'failed',
      scoreRaw: 35,
      totalSeconds: 15,
      lastAccessAt: at(7),
    }),
    {
      userId: people.Ben?.id as string,
      packageId: oldPackageId,
      scoId: 'sco-1',
      cmi: {
        'cmi.interactions.0.id': 'old-q',
        'cmi.interactions.0.student_response': 'b',
        'cmi.interactions.0.correct_responses.0.pattern': 'a',
        'cmi.interactions.0.result': 'wrong',
        'cmi.interactions.0.time': '10:01:02',
      },
    },
  ]);
});
afterAll(() => t.close());

const reportOf = async (query: string) => {
  const answer = await t.call('GET', `${paths.report(packageId)}?${query}`, { token: admin });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.results as { data: ElearningLearnerRow[]; total: number; totalPages: number };
};

describe("a package's learners report", () => {
  it('lists each learner with a record by name: status from every SCO, best score, time over SCOs and attempts, attempts and last access', async () => {
    const { data, total } = await reportOf('limit=10');
    expect(total).toBe(5);
    const rows = data.map(({ userId: _, ...row }) => row);
    expect(rows).toEqual([
      {
        name: 'Ada Passed',
        email: people.Ada?.email,
        status: 'passed',
        bestScore: 90,
        timeSeconds: 180,
        attempts: 1,
        lastAccessAt: '2026-03-03T10:00:00.000Z',
      },
      {
        name: 'Ben Halfway',
        email: people.Ben?.email,
        status: 'incomplete',
        bestScore: 70,
        timeSeconds: 70,
        attempts: 2,
        lastAccessAt: '2026-03-05T10:00:00.000Z',
      },
      {
        name: 'Cy Untouched',
        email: people.Cy?.email,
        status: 'not attempted',
        bestScore: null,
        timeSeconds: 0,
        attempts: 1,
        lastAccessAt: '2026-03-01T10:00:00.000Z',
      },
      {
        name: 'Dee Completed',
        email: people.Dee?.email,
        status: 'completed',
        bestScore: null,
        timeSeconds: 15,
        attempts: 1,
        lastAccessAt: '2026-03-06T10:00:00.000Z',
      },
      {
        name: 'Eve Failed',
        email: people.Eve?.email,
        status: 'failed',
        bestScore: 35,
        timeSeconds: 15,
        attempts: 1,
        lastAccessAt: '2026-03-07T10:00:00.000Z',
      },
    ]);
  });

  it('searches by name or email and pages', async () => {
    const byName = await reportOf('search=halfway');
    expect(byName.data.map((row) => row.name)).toEqual(['Ben Halfway']);
    const byEmail = await reportOf(`search=eve-${run}`);
    expect(byEmail.data.map((row) => row.name)).toEqual(['Eve Failed']);
    const second = await reportOf('limit=2&page=2');
    expect(second).toMatchObject({ total: 5, totalPages: 3 });
    expect(second.data.map((row) => row.name)).toEqual(['Cy Untouched', 'Dee Completed']);
  });

  it('answers 404 for a package that does not exist', async () => {
    const answer = await t.call('GET', paths.report('00000000-0000-4000-8000-000000000000'), {
      token: admin,
    });
    expect(answer.status).toBe(404);
  });
});

describe("a package's interactions export", () => {
  it('writes every interaction as CSV: learner, attempt, SCO, question, answer, correct answer, result, latency and time', async () => {
    const answer = await t.call('GET', paths.interactions(packageId), { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="two-parts-interactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const { records, error } = parseCsv(answer.text);
    expect(error).toBeNull();
    expect(records).toEqual([
      [...ELEARNING_INTERACTION_COLUMNS],
      [
        'Ada Passed',
        people.Ada?.email,
        '1',
        'Part one',
        'q-forks',
        'How many forks?',
        'two',
        'two',
        'correct',
        'PT12S',
        '2026-03-02T10:00:00Z',
      ],
      // A formula-like answer is written so a spreadsheet shows it as text.
      ['Ada Passed', people.Ada?.email, '1', 'Part one', 'q-load', '', "'=SUM(A1)", '', 'incorrect', '', ''],
    ]);
  });

  it("reads SCORM 1.2's student_response and time", async () => {
    const answer = await t.call('GET', paths.interactions(oldPackageId), { token: admin });
    const { records } = parseCsv(answer.text);
    expect(records.slice(1)).toEqual([
      ['Ben Halfway', people.Ben?.email, '1', 'Old one', 'old-q', '', 'b', 'a', 'wrong', '', '10:01:02'],
    ]);
  });
});
