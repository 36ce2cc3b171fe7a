import cluster, { type Worker } from 'node:cluster';
import { exitWhenDone } from './exit.ts';

/** What a server process tells the primary once it answers on its ports. */
type Listening = { kind: 'listening'; port: number; contentPort: number | null };

/** How long the primary waits for a stopping server process before killing it. */
const STOP_GRACE_MS = 30_000;

const isListening = (message: unknown): message is Listening =>
  typeof message === 'object' && message !== null && (message as Listening).kind === 'listening';

/** In a server process: tells the primary it answers on its ports. */
export function reportListening(ports: Omit<Listening, 'kind'>) {
  process.send?.({ kind: 'listening', ...ports } satisfies Listening);
}

export type SuperviseOptions = {
  /** Server processes to keep running. */
  processes: number;
  /** Called once, when every process first listens. */
  onListening(ports: Omit<Listening, 'kind'>): void;
  /** Called after every server process has stopped, before the primary exits. */
  onStopped(): Promise<void>;
};

/**
 * The primary of `processes` server processes (node:cluster): they share the listening sockets,
 * the primary handing each new connection to the next one. A process that ends after it listened
 * is replaced; one that ends before (the port is taken, the database unreachable) means the start
 * failed, and the primary stops the others and exits 1. On SIGTERM or SIGINT each process stops
 * as a lone server does (answers what it has in flight), then `onStopped`, then the primary exits.
 */
export function superviseWorkers({ processes, onListening, onStopped }: SuperviseOptions) {
  const listened = new Set<Worker>();
  let announced = false;
  let stopping = false;

  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (message: unknown) => {
      if (!isListening(message)) return;
      listened.add(worker);
      if (!announced && listened.size === processes) {
        announced = true;
        onListening(message);
      }
    });
    worker.on('exit', (code, signal) => {
      const served = listened.delete(worker);
      if (stopping) return;
      const how = signal ? `on ${signal}` : `with code ${code}`;
      if (!served) {
        console.error(`Server process ${worker.process.pid} ended ${how} before it listened; stopping.`);
        void stop(1);
        return;
      }
      console.error(`Server process ${worker.process.pid} ended ${how}; starting another.`);
      fork();
    });
  };

  async function stop(exitCode: number) {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
            setTimeout(() => worker.process.kill('SIGKILL'), STOP_GRACE_MS).unref();
          }),
      ),
    );
    await onStopped();
    exitWhenDone(exitCode);
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (!stopping) console.log(`${signal} received, stopping ${processes} server processes…`);
      void stop(0);
    });
  for (let started = 0; started < processes; started += 1) fork();
}
