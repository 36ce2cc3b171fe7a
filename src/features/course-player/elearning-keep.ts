import { LAUNCHER_CHANNEL, type LauncherKeep, type LauncherToApp } from '@contract/elearning/launcher';
import type { PlayerPackage } from '@contract/elearning/tracking';
import { originOf } from './elearning-launcher';

/** How long the launcher may take to keep a package's files (a large package on a slow network). */
const KEEP_LIMIT_MS = 10 * 60_000;

/**
 * Keeps a package's files on the device for a course kept offline (record 028). The files belong to
 * the content origin, whose service worker keeps them: the player opens the launcher in a hidden frame,
 * asks it to keep its upload's files once it is ready, and waits for its answer.
 */
export function keepPackageFiles(pkg: PlayerPackage): Promise<void> {
  const origin = originOf(pkg.contentOrigin);
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.title = `Keeping ${pkg.title}`;
  return new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
      frame.remove();
      if (error) reject(error);
      else resolve();
    };
    const failed = () => new Error(`Could not keep ${pkg.title} on this device.`);
    const onMessage = (event: MessageEvent) => {
      const target = frame.contentWindow;
      if (!target || event.source !== target || event.origin !== origin) return;
      const data = event.data as LauncherToApp | undefined;
      if (data?.channel !== LAUNCHER_CHANNEL) return;
      if (data.type === 'ready') {
        const keep: LauncherKeep = { channel: LAUNCHER_CHANNEL, type: 'keep' };
        target.postMessage(keep, origin);
      } else if (data.type === 'kept') done(data.ok ? undefined : failed());
    };
    const timer = setTimeout(() => done(failed()), KEEP_LIMIT_MS);
    window.addEventListener('message', onMessage);
    frame.src = pkg.launcherUrl;
    document.body.append(frame);
  });
}
