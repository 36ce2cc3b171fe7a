import type { ElearningItem } from '@contract/elearning/resource';
import type { ElearningCommit, PlayerPackage } from '@contract/elearning/tracking';
import type { PlayerCourse } from '@contract/learning/resource';
import { describe, expect, it } from 'vitest';
import { packageWithWork, scoDone, type WaitingCommit } from '@/lib/elearning-records';
import { courseWithWork, itemWaits, waitingWork } from '@/lib/outbox-learning';
import type { OutboxSummary } from '../../../sw/outbox/protocol.ts';

const COURSE = '11111111-1111-4111-8111-111111111111';
const PACKAGE = '22222222-2222-4222-8222-222222222222';
const OTHER_COURSE = '33333333-3333-4333-8333-333333333333';

const sco = (identifier: string, extra: Partial<ElearningItem> = {}): ElearningItem => ({
  identifier,
  title: identifier,
  depth: 1,
  launch: `${identifier}.html`,
  scormType: 'sco',
  masteryScore: null,
  scaledPassingScore: null,
  completionThreshold: null,
  dataFromLms: null,
  timeLimitAction: null,
  maxTimeAllowed: null,
  objectives: [],
  ...extra,
});

const folder: ElearningItem = { ...sco('folder'), depth: 0, launch: null, scormType: null };

const pkg = (overrides: Partial<PlayerPackage> = {}): PlayerPackage => ({
  _id: PACKAGE,
  courseId: COURSE,
  title: 'Safety',
  description: '',
  scormVersion: '1.2',
  packageVersion: 1,
  structure: { organizationTitle: 'Safety', items: [folder, sco('one'), sco('two')] },
  masteryScore: null,
  completionRule: 'reported',
  records: [
    {
      scoId: 'one',
      attempt: 1,
      cmi: { 'cmi.core.lesson_status': 'completed', 'cmi.suspend_data': 'a' },
      completionStatus: 'completed',
      successStatus: 'unknown',
      score: null,
      totalSeconds: 60,
      done: true,
    },
  ],
  launcherUrl: 'http://localhost:3001/launch',
  contentOrigin: 'http://localhost:3001',
  done: false,
  ...overrides,
});

const commit = (scoId: string, elements: Record<string, string>, extra: Partial<ElearningCommit> = {}) =>
  ({
    packageId: PACKAGE,
    commit: {
      commitId: crypto.randomUUID(),
      courseId: COURSE,
      scoId,
      attempt: 1,
      at: '2026-01-01T10:00:00.000Z',
      event: 'commit',
      elements,
      sessionId: crypto.randomUUID(),
      ...extra,
    },
  }) satisfies WaitingCommit;

describe('a package with the commits waiting on this device', () => {
  it('resumes a SCO at what the waiting commits set, the later over the earlier', () => {
    const shown = packageWithWork(pkg(), [
      commit('two', { 'cmi.core.lesson_location': '2', 'cmi.suspend_data': '1,2' }),
      commit('two', { 'cmi.core.lesson_location': '3' }),
    ]);
    const two = shown.records.find((record) => record.scoId === 'two');
    expect(two?.cmi).toEqual({ 'cmi.core.lesson_location': '3', 'cmi.suspend_data': '1,2' });
    expect(two?.done).toBe(false);
    expect(shown.done).toBe(false);
  });

  it('counts the package done once the last SCO passes here, and leaves other courses and attempts out', () => {
    expect(
      packageWithWork(pkg(), [
        commit('two', { 'cmi.core.lesson_status': 'passed' }, { courseId: OTHER_COURSE }),
      ]).done,
    ).toBe(false);
    const shown = packageWithWork(pkg(), [
      commit('one', { 'cmi.core.lesson_status': 'incomplete' }, { attempt: 1 }),
      commit('two', { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '90' }),
    ]);
    expect(shown.done).toBe(true);
    expect(shown.records.find((record) => record.scoId === 'two')).toMatchObject({
      successStatus: 'passed',
      score: 90,
      done: true,
    });
    // The server's done SCO stays done.
    expect(shown.records.find((record) => record.scoId === 'one')?.done).toBe(true);
  });

  it('judges a SCO as SCORM does: 1.2 by status or mastery score, 2004 completed and not failed, silent ones by the rule', () => {
    const item = sco('two');
    const v12 = pkg();
    expect(scoDone({ pkg: v12, item, cmi: { 'cmi.core.lesson_status': 'failed' }, exited: true })).toBe(
      false,
    );
    expect(
      scoDone({
        pkg: { ...v12, masteryScore: 80 },
        item,
        cmi: { 'cmi.core.lesson_status': 'incomplete', 'cmi.core.score.raw': '85' },
        exited: false,
      }),
    ).toBe(true);
    const v2004 = pkg({ scormVersion: '2004-4' });
    expect(
      scoDone({
        pkg: v2004,
        item,
        cmi: { 'cmi.completion_status': 'completed', 'cmi.success_status': 'failed' },
        exited: true,
      }),
    ).toBe(false);
    expect(scoDone({ pkg: v2004, item, cmi: { 'cmi.completion_status': 'completed' }, exited: false })).toBe(
      true,
    );
    const silent = { 'cmi.core.lesson_status': 'not attempted' };
    expect(scoDone({ pkg: v12, item, cmi: silent, exited: true })).toBe(false);
    expect(scoDone({ pkg: { ...v12, completionRule: 'launch' }, item, cmi: silent, exited: false })).toBe(
      true,
    );
    expect(scoDone({ pkg: { ...v12, completionRule: 'exit' }, item, cmi: silent, exited: false })).toBe(
      false,
    );
    expect(scoDone({ pkg: { ...v12, completionRule: 'exit' }, item, cmi: silent, exited: true })).toBe(true);
  });
});

describe("the course outline with a package's commits waiting", () => {
  const entry: OutboxSummary = {
    seq: 1,
    method: 'POST',
    url: `/api/v1/user-portal/elearning/${PACKAGE}/commit`,
    action: 'Save e-learning progress',
    target: 'Safety',
    createdAt: 0,
    status: 'pending',
    attempts: 0,
    lastError: null,
    lastStatus: null,
    clientId: null,
  };
  const course = {
    _id: COURSE,
    outline: [
      {
        kind: 'elearning',
        _id: PACKAGE,
        name: 'Safety',
        description: '',
        done: false,
        scosDone: 1,
        scosTotal: 2,
      },
    ],
    progress: { state: 'inProgress', done: 0, total: 1, percent: 0 },
  } as unknown as PlayerCourse;

  it('marks the package waiting and done, counting it in the progress, from the package the player last read', () => {
    const work = {
      ...waitingWork([entry]),
      elearningCommits: [commit('two', { 'cmi.core.lesson_status': 'completed' })],
    };
    const item = course.outline[0];
    expect(item && itemWaits(item, work)).toBe(true);
    const shown = courseWithWork(course, work, undefined, () => pkg());
    expect(shown.outline[0]).toMatchObject({ done: true, scosDone: 2 });
    expect(shown.progress).toMatchObject({ done: 1, percent: 100 });
    // Without the package read on this device, the outline stays as the server answered it.
    expect(courseWithWork(course, work).outline[0]).toMatchObject({ done: false, scosDone: 1 });
  });

  it('does not count a refused commit as waiting', () => {
    const work = waitingWork([{ ...entry, status: 'failed' }]);
    const item = course.outline[0];
    expect(item && itemWaits(item, work)).toBe(false);
  });
});
