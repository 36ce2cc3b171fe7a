import type { Logger } from './app-env.ts';
import { oneLineLogger } from './logger.ts';

/**
 * Work a handler leaves for after its answer, owned by the app rather than left floating: each task
 * is tracked while it runs, a failure goes to the app's log (never to a client, never unhandled),
 * and `idle()` lets tests and the graceful stop wait until the work is done.
 */
export type Background = {
  /**
   * Starts `task` once the current turn of the event loop is over, so the answer that scheduled it
   * goes out first. `what` names the task in the log line of a failure.
   */
  run(what: string, task: () => Promise<unknown>): void;
  /**
   * Tracks work under way that is not left behind, such as a request being answered, until it
   * settles: `idle()` waits for it too, so the stop never closes the database under it. Answers
   * what `work` answers, failure included.
   */
  hold<T>(work: T | Promise<T>): Promise<T>;
  /** Resolves once no task is running, including tasks started while waiting. Never rejects. */
  idle(): Promise<void>;
  /** Tasks started and not yet settled. */
  readonly running: number;
};

export function createBackground(sink: Logger): Background {
  const logger = oneLineLogger(sink);
  const tasks = new Set<Promise<void>>();
  return {
    run(what, task) {
      const tracked: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => logger.error(`Background task "${what}" failed:`, error),
        )
        .finally(() => tasks.delete(tracked));
      tasks.add(tracked);
    },
    hold(work) {
      const result = Promise.resolve(work);
      const tracked: Promise<void> = result
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => tasks.delete(tracked));
      tasks.add(tracked);
      return result;
    },
    async idle() {
      while (tasks.size > 0) await Promise.all([...tasks]);
    },
    get running() {
      return tasks.size;
    },
  };
}
