import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elearningTrackingMessages as m } from '../../contract/elearning/tracking.ts';
import { learningMessages } from '../../contract/learning/resource.ts';
import { newPackage, packageCalls, recordsOf, setOutline } from './elearning-tracking-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { newCourse, newLearner } from './learning-fixtures.ts';

// A learner reads a package of a course to launch it, and the launcher's commits write only their
// own record of it, merged per element.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A course open to everyone holding a published 1.2 package of one SCO. */
async function coursePackage(fields: Parameters<typeof newPackage>[1] = {}) {
  const packageId = await newPackage(t, fields);
  const courseId = await newCourse(t);
  await setOutline(t, courseId, [{ elearningPackageId: packageId }]);
  return { packageId, courseId };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('launching a package', () => {
  it('answers the package with the learner records, the signed launcher and the content origin', async () => {
    const { packageId, courseId } = await coursePackage({ title: 'Fire safety', masteryScore: 80 });
    const learner = await newLearner(t);
    const calls = packageCalls(t, learner.token);
    const launched = await calls.launch(packageId, courseId);
    expect(launched.status, launched.text).toBe(200);
    expect(launched.body.message).toBe(m.packageFetched);
    const pkg = launched.body.results;
    expect(pkg).toMatchObject({
      _id: packageId,
      courseId,
      title: 'Fire safety',
      scormVersion: '1.2',
      masteryScore: 80,
      completionRule: 'reported',
      contentOrigin: t.config.contentOrigin,
      done: false,
      records: [{ scoId: 'sco-1', attempt: 1, cmi: {}, done: false, totalSeconds: 0 }],
    });
    expect(pkg.launcherUrl.startsWith(`${t.config.contentOrigin}/elearning/${packageId}/`)).toBe(true);

    const saved = await calls.commit(packageId, {
      courseId,
      elements: { 'cmi.core.lesson_location': 'page-2', 'cmi.suspend_data': 'p=2' },
    });
    expect(saved.status, saved.text).toBe(200);
    const again = await calls.launch(packageId, courseId);
    expect(again.body.results.records[0].cmi).toEqual({
      'cmi.core.lesson_location': 'page-2',
      'cmi.suspend_data': 'p=2',
    });
  });

  it('refuses a course outside the scope, a package not in the course and an unpublished one', async () => {
    const learner = await newLearner(t);
    const calls = packageCalls(t, learner.token);
    const { packageId } = await coursePackage();
    const closed = await newCourse(t, { permission: 'user' });
    await setOutline(t, closed, [{ elearningPackageId: packageId }]);
    const outside = await calls.launch(packageId, closed);
    expect(outside.status).toBe(403);
    expect(outside.body.message).toBe(learningMessages.courseOutOfScope);

    const other = await newCourse(t);
    const notIn = await calls.launch(packageId, other);
    expect(notIn.status).toBe(404);
    expect(notIn.body.message).toBe(m.packageNotInCourse);

    const draft = await coursePackage({ status: false });
    const unpublished = await calls.launch(draft.packageId, draft.courseId);
    expect(unpublished.status).toBe(404);
    expect(unpublished.body.message).toBe(m.packageNotInCourse);
    const write = await calls.commit(draft.packageId, { courseId: draft.courseId });
    expect(write.status).toBe(404);
    const writeOutside = await calls.commit(packageId, { courseId: closed });
    expect(writeOutside.status).toBe(403);
    expect(await recordsOf(t, learner.id, packageId)).toHaveLength(0);
    expect(await recordsOf(t, learner.id, draft.packageId)).toHaveLength(0);
  });
});

describe('the learner-only write channel', () => {
  it("writes the signed-in learner's record only, whatever the body names", async () => {
    const { packageId, courseId } = await coursePackage();
    const one = await newLearner(t);
    const two = await newLearner(t);
    await packageCalls(t, one.token).commit(packageId, {
      courseId,
      elements: { 'cmi.core.lesson_location': 'mine' },
    });
    const theirs = await packageCalls(t, two.token).commit(packageId, {
      courseId,
      userId: one.id,
      elements: { 'cmi.core.lesson_location': 'theirs', 'cmi.core.lesson_status': 'passed' },
    } as never);
    expect(theirs.status, theirs.text).toBe(200);
    const [mine] = await recordsOf(t, one.id, packageId);
    expect(mine?.cmi).toEqual({ 'cmi.core.lesson_location': 'mine' });
    expect(mine?.doneAt).toBeNull();
    const [other] = await recordsOf(t, two.id, packageId);
    expect(other?.cmi['cmi.core.lesson_location']).toBe('theirs');

    // Another learner's commit id is not a way to read or touch a record.
    const commitId = randomUUID();
    await packageCalls(t, one.token).commit(packageId, { courseId, commitId });
    const stolen = await packageCalls(t, two.token).commit(packageId, { courseId, commitId });
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors).toEqual({ commitId: m.commitIdInvalid });

    // Nor is another learner's session id: its time stays theirs.
    const sessionId = randomUUID();
    await packageCalls(t, one.token).commit(packageId, {
      courseId,
      sessionId,
      event: 'finish',
      sessionSeconds: 40,
    });
    const borrowed = await packageCalls(t, two.token).commit(packageId, {
      courseId,
      sessionId,
      event: 'finish',
      sessionSeconds: 4000,
    });
    expect(borrowed.status).toBe(422);
    expect(borrowed.body.errors).toEqual({ sessionId: m.sessionIdInvalid });
    const [kept] = await recordsOf(t, one.id, packageId);
    expect(kept?.totalSeconds).toBe(40);
  });

  it('refuses bad input field by field and changes nothing', async () => {
    const { packageId, courseId } = await coursePackage();
    const learner = await newLearner(t);
    const calls = packageCalls(t, learner.token);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ commitId: 'x' }, { commitId: m.commitIdInvalid }],
      [{ scoId: 'nope' }, { scoId: m.scoIdInvalid }],
      [{ attempt: 0 }, { attempt: m.attemptInvalid }],
      [{ attempt: 2 }, { attempt: m.attemptInvalid }],
      [{ at: 'yesterday' }, { at: m.atInvalid }],
      [{ event: 'explode' }, { event: m.eventInvalid }],
      [
        { elements: { 'window.localStorage': 'x' } },
        { 'elements.window.localStorage': m.elementNameInvalid },
      ],
      [
        { elements: { 'cmi.core.lesson_status': 3 } },
        { 'elements.cmi.core.lesson_status': m.elementsInvalid },
      ],
      [{ elements: { 'cmi.suspend_data': 'x'.repeat(64001) } }, { elements: m.elementValueTooLong }],
      [{ elements: { 'cmi.core.lesson_location': 'x'.repeat(4097) } }, { elements: m.elementValueTooLong }],
      [
        { elements: Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`cmi.x${i}`, ''])) },
        { elements: m.tooManyElements },
      ],
      [{ sessionId: 'x' }, { sessionId: m.sessionIdInvalid }],
      [{ sessionSeconds: -1 }, { sessionSeconds: m.sessionSecondsInvalid }],
    ];
    for (const [body, errors] of cases) {
      const refused = await calls.commit(packageId, { courseId, ...body } as never);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(refused.body.errors).toMatchObject(errors);
    }
    expect(await recordsOf(t, learner.id, packageId)).toHaveLength(0);
    const bigSuspend = await calls.commit(packageId, {
      courseId,
      elements: { 'cmi.suspend_data': 'x'.repeat(64000) },
    });
    expect(bigSuspend.status, bigSuspend.text).toBe(200);
  });
});

describe('merging commits', () => {
  it('keeps the later write per element, never an older one, and never loses suspend_data', async () => {
    const { packageId, courseId } = await coursePackage();
    const learner = await newLearner(t);
    const calls = packageCalls(t, learner.token);
    await calls.commit(packageId, {
      courseId,
      at: minutesAgo(5),
      elements: {
        'cmi.core.lesson_location': 'p5',
        'cmi.suspend_data': 'state-5',
        'cmi.core.score.raw': '50',
      },
    });
    // A device that was offline sends an older write afterwards: its location loses, its new element stays.
    const late = await calls.commit(packageId, {
      courseId,
      at: minutesAgo(10),
      elements: { 'cmi.core.lesson_location': 'p2', 'cmi.interactions.0.id': 'q1' },
    });
    expect(late.status, late.text).toBe(200);
    // A commit without suspend_data, and one with it empty, leave it as it is.
    await calls.commit(packageId, { courseId, at: minutesAgo(4), elements: { 'cmi.core.score.raw': '60' } });
    await calls.commit(packageId, { courseId, at: minutesAgo(3), elements: { 'cmi.suspend_data': '' } });
    const [row] = await recordsOf(t, learner.id, packageId);
    expect(row?.cmi).toEqual({
      'cmi.core.lesson_location': 'p5',
      'cmi.suspend_data': 'state-5',
      'cmi.core.score.raw': '60',
      'cmi.interactions.0.id': 'q1',
    });
    expect(row?.location).toBe('p5');
    expect(row?.scoreRaw).toBe(60);
    // A time in the future is held to the server's now.
    const ahead = new Date(Date.now() + 3_600_000).toISOString();
    await calls.commit(packageId, { courseId, at: ahead, elements: { 'cmi.core.lesson_location': 'p9' } });
    const [after] = await recordsOf(t, learner.id, packageId);
    expect(Date.parse(after?.elementTimes['cmi.core.lesson_location'] ?? '')).toBeLessThanOrEqual(Date.now());
    const launched = await calls.launch(packageId, courseId);
    expect(launched.body.results.records[0].cmi['cmi.core.lesson_location']).toBe('p9');
    // Leaving it keeps the latest time it was left, whichever arrives last.
    const left = minutesAgo(2);
    await calls.commit(packageId, { courseId, at: left, event: 'finish' });
    await calls.commit(packageId, { courseId, at: minutesAgo(20), event: 'unload' });
    const [exited] = await recordsOf(t, learner.id, packageId);
    expect(exited?.exitedAt?.toISOString()).toBe(left);
  });

  it('applies a commit sent twice once, and counts a session once', async () => {
    const { packageId, courseId } = await coursePackage();
    const learner = await newLearner(t);
    const calls = packageCalls(t, learner.token);
    const sessionId = randomUUID();
    await calls.commit(packageId, { courseId, sessionId, event: 'initialize' });
    const body = {
      courseId,
      commitId: randomUUID(),
      sessionId,
      event: 'finish' as const,
      sessionSeconds: 120,
      elements: { 'cmi.core.lesson_status': 'incomplete' },
    };
    const first = await calls.commit(packageId, body);
    expect(first.status, first.text).toBe(200);
    expect(first.body.results.replayed).toBe(false);
    expect(first.body.results.record.totalSeconds).toBe(120);
    const replay = await calls.commit(packageId, { ...body, sessionSeconds: 500 });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.results.replayed).toBe(true);
    expect(replay.body.results.record.totalSeconds).toBe(120);
    // The same session reporting again is its latest report, not added; a new session adds.
    await calls.commit(packageId, { courseId, sessionId, event: 'unload', sessionSeconds: 150 });
    await calls.commit(packageId, { courseId, event: 'finish', sessionSeconds: 30 });
    const [row] = await recordsOf(t, learner.id, packageId);
    expect(row?.totalSeconds).toBe(180);
    expect(row?.sessions).toBe(2);
    expect(row?.exitedAt).not.toBeNull();
    expect(row?.launchedAt).not.toBeNull();
  });
});
