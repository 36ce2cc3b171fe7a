import type { ElearningCompletionRule, ElearningStructure, ScormVersion } from './resource.ts';

/**
 * A learner's side of e-learning packages (record 028): the player reads what it needs to launch a
 * package and resume it, and the launcher's writes reach the server as commits, through the outbox.
 * Only the signed-in learner's own record of the package is written: the server takes the user from
 * the session and never from the body.
 */
export const elearningLearnerPaths = {
  /** GET `?course=`: a package of a course's outline, ready to launch (PlayerPackage); 403 outside the learner's scope. */
  launch: (packageId: string) => `/user-portal/elearning/${packageId}`,
  /** POST an ElearningCommit: merges it into the learner's record (ElearningCommitResult). */
  commit: (packageId: string) => `/user-portal/elearning/${packageId}/commit`,
} as const;

/**
 * What happened in the SCO when the commit was sent: it initialized, committed, finished
 * (Finish / Terminate), or the player was left or hidden without it finishing.
 */
export const ELEARNING_COMMIT_EVENTS = ['initialize', 'commit', 'finish', 'unload'] as const;
export type ElearningCommitEvent = (typeof ELEARNING_COMMIT_EVENTS)[number];

/**
 * A write of the launcher, made on the device. `elements` holds the CMI elements set since the
 * last commit (name to value, e.g. `cmi.core.lesson_status`, `cmi.suspend_data`,
 * `cmi.interactions.0.result`), each taken as written at `at`; the record keeps, per element, the
 * value with the later device time. `sessionSeconds` is the session's time, counted into the
 * record's total once per session (at its finish or unload).
 */
export type ElearningCommit = {
  /** Made on the device: a commit sent twice is applied once. */
  commitId: string;
  courseId: string;
  scoId: string;
  attempt: number;
  /** The device's time of the write, ISO 8601. */
  at: string;
  event: ElearningCommitEvent;
  elements: Record<string, string>;
  /** Made on the device once per session; the same id twice counts the session once. */
  sessionId: string;
  sessionSeconds?: number;
};

/** A learner's record of one SCO in its latest attempt, as the player resumes it. */
export type ElearningScoRecord = {
  scoId: string;
  attempt: number;
  /** The CMI data to hand the runtime (element name to value), suspend_data and location included. */
  cmi: Record<string, string>;
  completionStatus: string;
  successStatus: string;
  /** Score in percent, when the SCO reported one. */
  score: number | null;
  totalSeconds: number;
  /** The SCO counts as done in the course's current round. */
  done: boolean;
};

/** GET /user-portal/elearning/{packageId}?course=. */
export type PlayerPackage = {
  _id: string;
  courseId: string;
  title: string;
  description: string;
  scormVersion: ScormVersion;
  packageVersion: number;
  structure: ElearningStructure;
  /** The mastery (1.2) or passing (2004) score in percent the runtime is handed; null when none. */
  masteryScore: number | null;
  completionRule: ElearningCompletionRule;
  records: ElearningScoRecord[];
  /** The launcher page on the content origin, signed for this learner and package. */
  launcherUrl: string;
  /** The content origin (scheme, host, port): the only origin the app takes the launcher's messages from. */
  contentOrigin: string;
  /** Every SCO counts as done in the current round. */
  done: boolean;
};

/** The answer to a commit. */
export type ElearningCommitResult = {
  record: ElearningScoRecord;
  /** Whether the package counts as done now, and the courses this commit completed. */
  packageDone: boolean;
  completedCourseIds: string[];
  /** true when the commit id was applied before: nothing changed. */
  replayed: boolean;
};

/** The longest value of cmi.suspend_data (SCORM 2004's smallest permitted maximum; 1.2 asks for less). */
export const SUSPEND_DATA_MAX = 64000;
/** The longest value of any other element (SCORM's largest other one: 1.2's cmi.comments). */
export const ELEMENT_VALUE_MAX = 4096;
/** The most elements one commit carries (a runtime sends its whole CMI, interactions included). */
export const COMMIT_ELEMENTS_MAX = 2000;
/** The longest element name (`cmi.interactions.12.correct_responses.3.pattern` and the like). */
export const ELEMENT_NAME_MAX = 255;
/** The longest session a commit may report, in seconds (a week). */
export const SESSION_SECONDS_MAX = 7 * 24 * 60 * 60;

export const elearningTrackingMessages = {
  packageFetched: 'E-learning package is fetched successfully.',
  committed: 'Progress is saved.',
  packageNotInCourse: 'The e-learning package is not part of this course.',
  courseIdInvalid: 'The course must be a valid id.',
  commitIdInvalid: 'The commit id must be a valid id made on the device.',
  scoIdInvalid: 'The package has no such item to launch.',
  attemptInvalid: 'This attempt of the package has not begun.',
  atInvalid: 'The time of the write must be an ISO 8601 time.',
  eventInvalid: 'The event must be initialize, commit, finish or unload.',
  elementsInvalid: 'The elements must be an object of element names and text values.',
  elementNameInvalid: `Each element's name must start with cmi. or adl. and be at most ${ELEMENT_NAME_MAX} characters.`,
  elementValueTooLong: `cmi.suspend_data holds at most ${SUSPEND_DATA_MAX} characters, any other element at most ${ELEMENT_VALUE_MAX}.`,
  tooManyElements: `A commit carries at most ${COMMIT_ELEMENTS_MAX} elements.`,
  sessionIdInvalid: 'The session id must be a valid id made on the device.',
  sessionSecondsInvalid: `The session's time must be between 0 and ${SESSION_SECONDS_MAX} seconds.`,
} as const;
