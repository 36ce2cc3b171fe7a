import type { ElearningItem, ScormVersion } from './resource.ts';
import type { ElearningCommitEvent } from './tracking.ts';

/**
 * The messages between the app's player page and the launcher page on the content origin
 * (record 028). The launcher holds the one SCORM API object the package's version needs
 * (`window.API` for 1.2, `window.API_1484_11` for 2004, by scorm-again) and loads the SCO in a frame
 * of its own, so the SCO finds the API by walking up window.parent. It never calls the app's API:
 * it tells the app page what the SCO set, and the app page sends it through the outbox as the
 * learner's commit of the package it opened, whatever ids a message names.
 *
 * The app page takes a message only from the launcher frame it made (`event.source`) and from the
 * content origin (`event.origin`); the launcher posts only to the app's origin, which the server
 * writes into the launcher page.
 */

/** Every message carries this, so other frames' messages are told apart. */
export const LAUNCHER_CHANNEL = 'training-admin-elearning';

/** App page to launcher: play this SCO, handed the learner's record of it to resume. */
export type LauncherStart = {
  channel: typeof LAUNCHER_CHANNEL;
  type: 'start';
  scormVersion: ScormVersion;
  sco: ElearningItem;
  /** The package's mastery or passing score in percent, as the runtime is handed it; null when none. */
  masteryScore: number | null;
  attempt: number;
  /** The CMI data to resume from (element name to value), empty for a first launch. */
  cmi: Record<string, string>;
  learner: { id: string; name: string };
};

/** Launcher to app page: it is loaded and waits for a start. */
export type LauncherReady = { channel: typeof LAUNCHER_CHANNEL; type: 'ready' };

/**
 * Launcher to app page: the SCO set these elements (at `at`, the device's time), and, unless
 * `event` is undefined, committed, finished or was left. `sessionSeconds` comes with finish and
 * unload.
 */
export type LauncherWrite = {
  channel: typeof LAUNCHER_CHANNEL;
  type: 'write';
  scoId: string;
  at: string;
  elements: Record<string, string>;
  event?: ElearningCommitEvent;
  sessionSeconds?: number;
};

/** Launcher to app page: the SCO asked to go on (2004 `adl.nav.request`, or its finish in 1.2). */
export type LauncherNavigate = {
  channel: typeof LAUNCHER_CHANNEL;
  type: 'navigate';
  scoId: string;
  /** continue, previous, exit, exitAll, suspendAll, or `choice` with the target's identifier. */
  request: string;
  target?: string;
};

/**
 * App page to launcher: keep this upload's files on the device (the content origin's service
 * worker caches them), for a course kept offline. The launcher answers LauncherKept.
 */
export type LauncherKeep = { channel: typeof LAUNCHER_CHANNEL; type: 'keep' };

/** Launcher to app page: the files are kept (`ok`), or could not be (`ok: false`). */
export type LauncherKept = { channel: typeof LAUNCHER_CHANNEL; type: 'kept'; ok: boolean };

export type AppToLauncher = LauncherStart | LauncherKeep;
export type LauncherToApp = LauncherReady | LauncherWrite | LauncherNavigate | LauncherKept;
