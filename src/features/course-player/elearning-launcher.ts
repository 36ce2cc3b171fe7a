import {
  LAUNCHER_CHANNEL,
  type LauncherStart,
  type LauncherToApp,
  type LauncherWrite,
} from '@contract/elearning/launcher';
import type { ElearningItem } from '@contract/elearning/resource';
import type { ElearningCommit, ElearningCommitEvent, PlayerPackage } from '@contract/elearning/tracking';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef } from 'react';
import { isQueued } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { packageWithWork } from '@/lib/elearning-records';
import { learningKeys } from '@/lib/learning-keys';
import { toast } from '@/lib/notify';
import { readWaitingCommits, sendElearningCommit } from '@/lib/outbox-elearning';

/** While a SCO writes without committing, what it set is sent this often. */
const FLUSH_MS = 30_000;
/**
 * After the player is left, how long what the launcher still posts (its last writes, sent as its
 * frame is removed) is taken and saved.
 */
const DRAIN_MS = 5000;

/** The SCO the player opened, and the launcher page it opened it in. */
export type Launch = { sco: ElearningItem; url: string; n: number };

/** A session of one SCO in the launcher: from its start until it finishes or the player is left. */
type Session = {
  /** The launcher's window the session was started in: its messages only are taken. */
  source: Window;
  sco: ElearningItem;
  attempt: number;
  sessionId: string;
  startedAt: number;
  /** Elements set since the last commit sent, and the device time of the latest. */
  pending: Record<string, string>;
  at: string | null;
  /** The SCO finished (Finish / Terminate): nothing more is sent of this session. */
  finished: boolean;
};

/** The content origin as a browser names a message's origin (no path, no trailing slash). */
export function originOf(contentOrigin: string): string {
  try {
    return new URL(contentOrigin).origin;
  } catch {
    return contentOrigin;
  }
}

type LauncherOptions = {
  frame: RefObject<HTMLIFrameElement | null>;
  courseId: string;
  /** The package as the player shows it (waiting commits laid over the server's records). */
  pkg: PlayerPackage;
  launch: Launch | null;
  /** The SCO asked to go on: continue, previous, choice (with its target), exit, exitAll, suspendAll. */
  onNavigate: (request: string, target: string | undefined) => void;
};

/**
 * The bridge between the player page and the launcher on the content origin (record 028). It takes
 * messages only from the launcher frame it made and from the content origin; it starts the opened SCO
 * with the learner's record to resume, and sends what the SCO sets as commits of the package and SCO
 * it opened (never ids a message names) through the outbox: at each commit, finish or unload of the
 * SCO, on a timer, and when the player is left, hidden or closed.
 */
export function useLauncher({ frame, courseId, pkg, launch, onNavigate }: LauncherOptions): void {
  const queryClient = useQueryClient();
  const latest = useRef({ pkg, onNavigate });
  latest.current = { pkg, onNavigate };

  useEffect(() => {
    if (!launch) return;
    const packageId = latest.current.pkg._id;
    const title = latest.current.pkg.title;
    const origin = originOf(latest.current.pkg.contentOrigin);
    // This launch's session: the effect of the next launch has its own.
    const session: { current: Session | null } = { current: null };
    /** The player left this launch: what still arrives is saved at once. */
    let leaving = false;

    const send = (event: ElearningCommitEvent, options: { keepalive?: boolean; seconds?: number } = {}) => {
      const current = session.current;
      if (!current || current.finished) return;
      const elements = current.pending;
      const ends = event === 'finish' || event === 'unload';
      if (!ends && Object.keys(elements).length === 0) return;
      const commit: ElearningCommit = {
        commitId: crypto.randomUUID(),
        courseId,
        scoId: current.sco.identifier,
        attempt: current.attempt,
        at: current.at ?? new Date().toISOString(),
        event,
        elements,
        sessionId: current.sessionId,
        ...(ends
          ? { sessionSeconds: options.seconds ?? Math.round((Date.now() - current.startedAt) / 1000) }
          : {}),
      };
      current.pending = {};
      current.at = null;
      if (event === 'finish') current.finished = true;
      void sendElearningCommit(packageId, title, commit, { keepalive: options.keepalive })
        .then((result) => {
          if (isQueued(result)) return;
          if (result.results.completedCourseIds.includes(courseId)) toast.success('Course completed.');
        })
        .catch(() => {
          // Refused: the outbox keeps it as failed, for the learner to retry or discard there.
        })
        .finally(() => {
          if (ends) void queryClient.invalidateQueries({ queryKey: learningKeys.all });
        });
    };

    const start = async (target: Window) => {
      // A launcher loaded again (the frame reloaded) starts a new session of the same SCO.
      send('unload');
      // What waits in the outbox is read now: the page may have opened a moment ago, offline.
      const current = packageWithWork(latest.current.pkg, await readWaitingCommits(packageId));
      if (leaving) return;
      const record = current.records.find((entry) => entry.scoId === launch.sco.identifier);
      const attempt = record?.attempt ?? 1;
      session.current = {
        source: target,
        sco: launch.sco,
        attempt,
        sessionId: crypto.randomUUID(),
        startedAt: Date.now(),
        pending: {},
        at: null,
        finished: false,
      };
      const user = authStore.get().user;
      const message: LauncherStart = {
        channel: LAUNCHER_CHANNEL,
        type: 'start',
        scormVersion: current.scormVersion,
        sco: launch.sco,
        masteryScore: current.masteryScore,
        attempt,
        cmi: record?.cmi ?? {},
        learner: { id: user?._id ?? '', name: user ? `${user.lastName}, ${user.firstName}` : '' },
      };
      target.postMessage(message, origin);
    };

    const write = (data: LauncherWrite) => {
      const current = session.current;
      if (!current || current.finished) return;
      if (data.elements && typeof data.elements === 'object')
        for (const [name, value] of Object.entries(data.elements))
          if (typeof value === 'string') current.pending[name] = value;
      if (typeof data.at === 'string') current.at = data.at;
      if (data.event) send(data.event, { seconds: data.sessionSeconds });
      else if (leaving) send('unload');
    };

    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source === null) return;
      const data = event.data as LauncherToApp | undefined;
      if (data?.channel !== LAUNCHER_CHANNEL) return;
      const target = frame.current?.contentWindow;
      if (data.type === 'ready') {
        if (!leaving && target && event.source === target) void start(target);
        return;
      }
      if (event.source !== session.current?.source) return;
      if (data.type === 'write') write(data);
      else if (data.type === 'navigate' && !leaving) {
        send('unload');
        latest.current.onNavigate(data.request, data.target);
      }
    };

    const timer = setInterval(() => send('commit'), FLUSH_MS);
    // Hidden or closed, the session is saved as left; the learner may come back to it, and the
    // server counts a session's time once, at the largest it was reported (record 028).
    const onPageHide = () => send('unload', { keepalive: true });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') send('unload', { keepalive: true });
    };
    window.addEventListener('message', onMessage);
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      clearInterval(timer);
      // The player is left, or another SCO opened: what this one set is saved, and so is what its
      // launcher posts as its frame goes (the SCO's last writes, which it had not sent yet).
      send('unload');
      leaving = true;
      setTimeout(() => {
        window.removeEventListener('message', onMessage);
        session.current = null;
      }, DRAIN_MS);
    };
  }, [launch, courseId, frame, queryClient]);
}
