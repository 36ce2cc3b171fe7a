import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAUNCHER_CHANNEL, type LauncherStart } from '../../contract/elearning/launcher.ts';
import type { ElearningItem, ScormVersion } from '../../contract/elearning/resource.ts';
import type { ElearningCommitEvent } from '../../contract/elearning/tracking.ts';
import { createRuntime, navRequest, timespanSeconds } from '../../src/elearning-launcher/runtime.ts';

const sco: ElearningItem = {
  identifier: 'sco-1',
  title: 'Ladders',
  depth: 0,
  launch: 'index.html',
  scormType: 'sco',
  masteryScore: null,
  scaledPassingScore: null,
  completionThreshold: null,
  dataFromLms: 'chapter=2',
  timeLimitAction: null,
  maxTimeAllowed: null,
  objectives: [{ id: 'obj-ladders', primary: true, satisfiedByMeasure: false, minNormalizedMeasure: null }],
};

const start = (scormVersion: ScormVersion, cmi: Record<string, string> = {}): LauncherStart => ({
  channel: LAUNCHER_CHANNEL,
  type: 'start',
  scormVersion,
  sco,
  masteryScore: 80,
  attempt: 1,
  cmi,
  learner: { id: 'learner-1', name: 'Doe, Jane' },
});

type Write = { elements: Record<string, string>; event?: ElearningCommitEvent; sessionSeconds?: number };

/** A runtime whose writes and navigation requests are collected, as the launcher would post them. */
function launched(message: LauncherStart) {
  const writes: Write[] = [];
  const navigations: { request: string; target?: string }[] = [];
  const runtime = createRuntime(message, {
    write: (elements, event, sessionSeconds) => writes.push({ elements, event, sessionSeconds }),
    navigate: (request, target) => navigations.push({ request, ...(target ? { target } : {}) }),
  });
  // The SCO sees the API object only through its methods, as window.API.
  const api = runtime.api as unknown as Record<string, (...args: string[]) => string>;
  return { runtime, api, writes, navigations };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the launcher runtime, SCORM 1.2', () => {
  it('hands the SCO who the learner is, the mastery score and launch data, and resumes it', () => {
    const { api } = launched(
      start('1.2', {
        'cmi.core.lesson_location': '2',
        'cmi.suspend_data': 'visited=1,2',
        'cmi.core.exit': 'suspend',
        'cmi.core.session_time': '00:10:00',
      }),
    );
    expect(api.LMSInitialize?.('')).toBe('true');
    expect(api.LMSGetValue?.('cmi.core.student_id')).toBe('learner-1');
    expect(api.LMSGetValue?.('cmi.core.student_name')).toBe('Doe, Jane');
    expect(api.LMSGetValue?.('cmi.student_data.mastery_score')).toBe('80');
    expect(api.LMSGetValue?.('cmi.launch_data')).toBe('chapter=2');
    expect(api.LMSGetValue?.('cmi.core.lesson_location')).toBe('2');
    expect(api.LMSGetValue?.('cmi.suspend_data')).toBe('visited=1,2');
    expect(api.LMSGetValue?.('cmi.core.entry')).toBe('resume');
  });

  it('sends what the SCO sets without a Commit, and at once on Commit and Finish', () => {
    const { api, writes, navigations } = launched(start('1.2'));
    api.LMSInitialize?.('');
    expect(writes).toEqual([{ elements: {}, event: 'initialize', sessionSeconds: undefined }]);
    api.LMSSetValue?.('cmi.core.lesson_location', '3');
    api.LMSSetValue?.('cmi.suspend_data', 'abc');
    vi.runAllTimers();
    expect(writes[1]).toEqual({
      elements: { 'cmi.core.lesson_location': '3', 'cmi.suspend_data': 'abc' },
      event: undefined,
      sessionSeconds: undefined,
    });
    api.LMSSetValue?.('cmi.core.score.raw', '90');
    expect(api.LMSCommit?.('')).toBe('true');
    expect(writes[2]).toEqual({
      elements: { 'cmi.core.score.raw': '90' },
      event: 'commit',
      sessionSeconds: undefined,
    });
    api.LMSSetValue?.('cmi.core.lesson_status', 'passed');
    api.LMSSetValue?.('cmi.core.session_time', '00:02:30');
    expect(api.LMSFinish?.('')).toBe('true');
    expect(writes[3]).toEqual({
      elements: { 'cmi.core.lesson_status': 'passed', 'cmi.core.session_time': '00:02:30' },
      event: 'finish',
      sessionSeconds: 150,
    });
    expect(navigations).toEqual([{ request: 'continue' }]);
  });

  it('answers a refused write with an error, sends none of it, and goes on with the attempt', () => {
    const { api, writes } = launched(start('1.2'));
    api.LMSInitialize?.('');
    expect(api.LMSSetValue?.('cmi.completion_status', 'completed')).toBe('false');
    expect(api.LMSGetLastError?.()).not.toBe('0');
    expect(api.LMSSetValue?.('cmi.core.lesson_status', 'not-a-status')).toBe('false');
    expect(api.LMSSetValue?.('cmi.core.lesson_location', '4')).toBe('true');
    expect(api.LMSCommit?.('')).toBe('true');
    expect(writes.at(-1)).toEqual({
      elements: { 'cmi.core.lesson_location': '4' },
      event: 'commit',
      sessionSeconds: undefined,
    });
  });

  it('adds no status at Finish that the SCO did not set, so the completion rule still applies', () => {
    const { api, writes } = launched(start('1.2'));
    api.LMSInitialize?.('');
    api.LMSSetValue?.('cmi.core.lesson_location', '1');
    expect(api.LMSFinish?.('')).toBe('true');
    expect(writes.at(-1)).toMatchObject({ elements: { 'cmi.core.lesson_location': '1' }, event: 'finish' });
  });

  it('sends what a SCO set when it is left without finishing, with the time spent', () => {
    const { runtime, api, writes } = launched(start('1.2'));
    api.LMSInitialize?.('');
    vi.advanceTimersByTime(42_000);
    api.LMSSetValue?.('cmi.core.lesson_location', '5');
    runtime.leave();
    expect(writes.at(-1)).toEqual({
      elements: { 'cmi.core.lesson_location': '5' },
      event: 'unload',
      sessionSeconds: 42,
    });
  });
});

describe('the launcher runtime, SCORM 2004', () => {
  it('hands the passing score and the manifest objectives, and passes on navigation requests', () => {
    const { api, writes, navigations } = launched(start('2004-4'));
    expect(api.Initialize?.('')).toBe('true');
    expect(api.GetValue?.('cmi.learner_id')).toBe('learner-1');
    expect(api.GetValue?.('cmi.scaled_passing_score')).toBe('0.8');
    expect(api.GetValue?.('cmi.entry')).toBe('ab-initio');
    expect(api.GetValue?.('cmi.objectives.0.id')).toBe('obj-ladders');
    expect(api.SetValue?.('cmi.core.lesson_status', 'passed')).toBe('false');
    api.SetValue?.('cmi.completion_status', 'completed');
    api.SetValue?.('cmi.success_status', 'passed');
    api.SetValue?.('adl.nav.request', '{target=sco-2}choice');
    expect(api.Terminate?.('')).toBe('true');
    expect(writes.at(-1)).toMatchObject({
      elements: { 'cmi.completion_status': 'completed', 'cmi.success_status': 'passed' },
      event: 'finish',
    });
    expect(navigations).toEqual([{ request: 'choice', target: 'sco-2' }]);
  });
});

describe('the launcher runtime, SCORM 2004 statuses', () => {
  it('sends the success status the runtime settles from the passing score, and no unknown status', () => {
    const { api, writes } = launched(start('2004-4'));
    api.Initialize?.('');
    api.SetValue?.('cmi.score.scaled', '0.9');
    expect(api.Terminate?.('')).toBe('true');
    const finish = writes.at(-1);
    expect(finish?.event).toBe('finish');
    expect(finish?.elements['cmi.score.scaled']).toBe('0.9');
    expect(finish?.elements['cmi.success_status']).toBe('passed');
    expect(Object.values(finish?.elements ?? {})).not.toContain('unknown');
  });
});

describe('the launcher helpers', () => {
  it('reads 1.2 and 2004 session times and navigation requests', () => {
    expect(timespanSeconds('0001:02:03.5')).toBe(3723.5);
    expect(timespanSeconds('PT1H2M3.5S')).toBe(3723.5);
    expect(timespanSeconds('P1DT1S')).toBe(86_401);
    expect(timespanSeconds('PT')).toBeUndefined();
    expect(timespanSeconds('soon')).toBeUndefined();
    expect(navRequest('continue')).toEqual({ request: 'continue' });
    expect(navRequest('_none_')).toBeUndefined();
    expect(navRequest('{target=intro}jump')).toEqual({ request: 'jump', target: 'intro' });
  });
});
