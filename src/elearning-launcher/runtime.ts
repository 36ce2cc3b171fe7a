import type { LauncherStart } from '@contract/elearning/launcher.ts';
import type { ElearningCommitEvent } from '@contract/elearning/tracking.ts';
import { Scorm12API, Scorm2004API } from 'scorm-again';

/** What the runtime tells the launcher: elements the SCO set, and what happened. */
export type RuntimeEvents = {
  write: (elements: Record<string, string>, event?: ElearningCommitEvent, sessionSeconds?: number) => void;
  navigate: (request: string, target?: string) => void;
};

/**
 * How long after the SCO's last write its elements are posted without a Commit: the burst of values
 * a SCO sets in one go travels as one message, and nothing waits in the launcher, whose frame may be
 * gone (the player left) before a later message could be posted. The app page decides when the
 * values it holds are sent to the server.
 */
const DEBOUNCE_MS = 0;

/** Elements that are the session's, not the record's: never handed back when resuming. */
const NOT_RESUMED =
  /^(cmi\.core\.session_time|cmi\.session_time|cmi\.core\.exit|cmi\.exit|cmi\.core\.entry|cmi\.entry|adl\.)/;

/** Seconds of a 1.2 CMITimespan (`HHHH:MM:SS.SS`) or a 2004 ISO 8601 duration (`PT1H2M3.5S`). */
export function timespanSeconds(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const clock = /^(\d{2,4}):(\d{2}):(\d{2}(?:\.\d{1,2})?)$/.exec(value);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const iso = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
    value,
  );
  if (!iso || value === 'P' || value.endsWith('T')) return undefined;
  const [, years, months, days, hours, minutes, seconds] = iso.map((part) => Number(part ?? 0));
  return (
    (years ?? 0) * 31_536_000 +
    (months ?? 0) * 2_592_000 +
    (days ?? 0) * 86_400 +
    (hours ?? 0) * 3600 +
    (minutes ?? 0) * 60 +
    (seconds ?? 0)
  );
}

/** The CMI a SCO starts from: the learner's record, who they are, and what the manifest hands it. */
export function startingCmi(start: LauncherStart): Record<string, string> {
  const cmi: Record<string, string> = {};
  for (const [element, value] of Object.entries(start.cmi))
    if (!NOT_RESUMED.test(element)) cmi[element] = value;
  const is12 = start.scormVersion === '1.2';
  const exit = start.cmi[is12 ? 'cmi.core.exit' : 'cmi.exit'];
  const first = Object.keys(start.cmi).length === 0;
  const entry = exit === 'suspend' ? 'resume' : first ? 'ab-initio' : '';
  const { sco } = start;
  const given: Record<string, string | number | null> = is12
    ? {
        'cmi.core.student_id': start.learner.id,
        'cmi.core.student_name': start.learner.name,
        'cmi.core.entry': entry,
        'cmi.launch_data': sco.dataFromLms,
        'cmi.student_data.mastery_score': start.masteryScore ?? sco.masteryScore,
        'cmi.student_data.max_time_allowed': sco.maxTimeAllowed,
        'cmi.student_data.time_limit_action': sco.timeLimitAction,
      }
    : {
        'cmi.learner_id': start.learner.id,
        'cmi.learner_name': start.learner.name,
        'cmi.entry': entry,
        'cmi.launch_data': sco.dataFromLms,
        'cmi.scaled_passing_score':
          start.masteryScore === null ? sco.scaledPassingScore : start.masteryScore / 100,
        'cmi.completion_threshold': sco.completionThreshold,
        'cmi.max_time_allowed': sco.maxTimeAllowed,
        'cmi.time_limit_action': sco.timeLimitAction,
      };
  for (const [element, value] of Object.entries(given))
    if (value !== null && value !== '') cmi[element] = String(value);
  if (!is12) {
    // The manifest's objectives, each in cmi.objectives once, after those the record holds.
    const ids = Object.entries(cmi).filter(([element]) => /^cmi\.objectives\.\d+\.id$/.test(element));
    let next = ids.reduce((most, [element]) => Math.max(most, Number(element.split('.')[2]) + 1), 0);
    const held = new Set(ids.map(([, value]) => value));
    for (const objective of sco.objectives)
      if (objective.id && !held.has(objective.id)) cmi[`cmi.objectives.${next++}.id`] = objective.id;
  }
  return cmi;
}

/** The 2004 `adl.nav.request` as a request and its target: `{target=intro}choice` -> choice, intro. */
export function navRequest(value: string): { request: string; target?: string } | undefined {
  if (!value || value === '_none_') return undefined;
  const targeted = /^\{target=([^}]+)\}(.+)$/.exec(value);
  if (targeted?.[1] && targeted[2]) return { request: targeted[2], target: targeted[1] };
  return { request: value };
}

/**
 * The SCO's API object for a start: scorm-again's Scorm12API or Scorm2004API, with nothing sent to
 * any LMS address (the launcher hands the writes to the app page instead), resumed from the
 * learner's record. Every value the runtime accepts is sent on: soon after it is set, at once on
 * Commit and Finish/Terminate, and when the page is hidden or left. A value the runtime refuses (an
 * element the version lacks, a bad value) answers the SCO's call with an error and is not sent; the
 * attempt goes on.
 */
export function createRuntime(start: LauncherStart, events: RuntimeEvents) {
  const is12 = start.scormVersion === '1.2';
  const settings = {
    autocommit: false,
    lmsCommitUrl: false,
    logLevel: 5,
    mastery_override: false,
    autoCompleteLessonStatus: false,
  } as const;
  const api = is12 ? new Scorm12API(settings) : new Scorm2004API(settings);
  api.loadFromFlattenedJSON(startingCmi(start));

  let pending: Record<string, string> = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let startedAt: number | undefined;
  let finished = false;
  /**
   * Statuses the runtime itself settles at Terminate: 2004's, from the completion threshold and
   * progress measure and from the passing score and scaled score the SCO set. A 1.2 status the SCO
   * never set stays unset ('incomplete' there would read as reported, and keep the package's
   * completion rule from applying).
   */
  const statusElements = is12 ? [] : ['cmi.completion_status', 'cmi.success_status'];
  const sent: Record<string, string> = { ...start.cmi };
  const sessionTimeElement = is12 ? 'cmi.core.session_time' : 'cmi.session_time';
  let reportedSessionTime: string | undefined;
  let exitSet: string | undefined;
  /** The SCO's navigation request: the runtime may have acted on it and cleared it by Terminate. */
  let navSet = '';

  const sessionSeconds = () => {
    const reported = timespanSeconds(reportedSessionTime);
    if (reported !== undefined) return Math.round(reported);
    return startedAt === undefined ? 0 : Math.round((Date.now() - startedAt) / 1000);
  };

  /** An element's value as the runtime holds it; '' when it may not be read. */
  const readElement = (element: string) => {
    try {
      return String(api.getCMIValue(element) ?? '');
    } catch {
      return '';
    }
  };

  /** Sends what is pending; at Finish, with the statuses the runtime itself settled then. */
  const flush = (event?: ElearningCommitEvent, withSession = false) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (event === 'finish')
      for (const element of statusElements) {
        const value = readElement(element);
        if (value && value !== 'unknown' && value !== sent[element] && !(element in pending))
          pending[element] = value;
      }
    const elements = pending;
    pending = {};
    Object.assign(sent, elements);
    if (Object.keys(elements).length === 0 && event === undefined) return;
    events.write(elements, event, withSession ? sessionSeconds() : undefined);
  };

  const wrap =
    <Args extends unknown[]>(
      call: (...args: Args) => string,
      after: (result: string, ...args: Args) => void,
    ) =>
    (...args: Args) => {
      // scorm-again's LMS methods read `this`: called on the API object, as the SCO calls them.
      const result = call.apply(api, args);
      // Whatever happens here, the SCO's call gets the runtime's answer.
      try {
        after(result, ...args);
      } catch (error) {
        console.error('E-learning launcher:', error);
      }
      return result;
    };

  const onSet = (result: string, element: string, value: unknown) => {
    if (result !== 'true' || typeof element !== 'string') return;
    if (element === 'adl.nav.request') navSet = String(value);
    if (element.startsWith('adl.')) return;
    pending[element] = String(value);
    if (element === sessionTimeElement) reportedSessionTime = String(value);
    if (element === 'cmi.core.exit') exitSet = String(value);
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => flush(), DEBOUNCE_MS);
  };
  const onInitialize = (result: string) => {
    if (result !== 'true') return;
    startedAt = Date.now();
    flush('initialize');
  };
  const onCommit = (result: string) => {
    if (result === 'true') flush('commit');
  };
  const onFinish = (result: string) => {
    if (result !== 'true' || finished) return;
    finished = true;
    flush('finish', true);
    if (is12) {
      // cmi.core.exit is write-only: what the SCO set in this session.
      if (exitSet !== 'suspend') events.navigate('continue');
      return;
    }
    const request = navRequest(navSet);
    if (request) events.navigate(request.request, request.target);
  };

  if (api instanceof Scorm12API) {
    api.LMSInitialize = wrap(api.LMSInitialize, onInitialize);
    api.LMSSetValue = wrap(api.LMSSetValue, onSet);
    api.LMSCommit = wrap(api.LMSCommit, onCommit);
    api.LMSFinish = wrap(api.LMSFinish, onFinish);
  } else {
    api.Initialize = wrap(api.Initialize, onInitialize);
    api.SetValue = wrap(api.SetValue, onSet);
    api.Commit = wrap(api.Commit, onCommit);
    api.Terminate = wrap(api.Terminate, onFinish);
  }

  return {
    api,
    /** The page is hidden or left: send what the SCO set, with the session's time so far. */
    leave: () => {
      if (startedAt === undefined || finished) return flush();
      flush('unload', true);
    },
  };
}
